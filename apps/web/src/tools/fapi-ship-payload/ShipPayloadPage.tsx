import ShipPayloadGenerator from './ShipPayloadGenerator';

/** /api/fapishippayloadgenerator: the generator alone (with "send to playground"). */
export default function ShipPayloadPage() {
  return <ShipPayloadGenerator />;
}
