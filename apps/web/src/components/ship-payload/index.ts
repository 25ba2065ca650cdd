export {
  default as ShipPayloadGenerator,
  REBUILD_DEBOUNCE_MS,
  type ShipPayloadGeneratorProps,
} from './ShipPayloadGenerator';
