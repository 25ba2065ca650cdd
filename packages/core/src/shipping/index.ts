export * from "./tracking.js";
