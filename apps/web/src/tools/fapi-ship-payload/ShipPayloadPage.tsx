import { ShipPayloadGenerator } from '@/components/ship-payload';

/** /api/fapishippayloadgenerator: the generator alone (with "send to playground"). */
export default function ShipPayloadPage() {
  return <ShipPayloadGenerator />;
}
