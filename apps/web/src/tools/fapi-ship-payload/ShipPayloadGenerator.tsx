/**
 * The ship payload generator panel (issue 14): the page at /api/fapishippayloadgenerator and the
 * playground's "Ship Payload" dialog both render it. This file is the agreed interface; the
 * generator replaces the body.
 */
export interface ShipPayloadGeneratorProps {
  /** Given in the playground's dialog: puts the current payload into the current tab. */
  onUse?: (payload: unknown) => void;
}

export default function ShipPayloadGenerator({ onUse }: ShipPayloadGeneratorProps) {
  return (
    <div data-testid="ship-payload-generator">
      {onUse ? (
        <button type="button" onClick={() => onUse({})}>
          use
        </button>
      ) : null}
    </div>
  );
}
