/**
 * One entry of the carrier's error replies (`{transactionId, errors: [entry…]}`): what the OpenAPI
 * request checker reports and the simulator answers. `parameterList[0]` names the JSON path.
 */
export interface CarrierErrorEntry {
  code: string;
  message: string;
  parameterList?: { key: string; value: string }[];
}
