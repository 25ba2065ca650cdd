import { Input } from 'antd';
import type { PartyInput } from '@lab/core/shipping/payload';
import { CountrySelect } from '@/components/country-select';
import { fillMessage } from '@/lib/i18n';
import { Field, useGenerator } from './context';

/** A party's contact and address inputs (the shipper, the recipient, the broker). */
export function PartyForm<P extends PartyInput>({
  which,
  party,
  onChange,
}: {
  which: string;
  party: P;
  onChange: (p: P) => void;
}) {
  const { m } = useGenerator();
  const text = (
    k: 'personName' | 'phoneNumber' | 'companyName' | 'city' | 'stateOrProvinceCode' | 'postalCode',
    label: string,
  ) => (
    <Field label={label} id={`spg-${which}-${k}`} field={`${which}.${k}`}>
      <Input id={`spg-${which}-${k}`} value={party[k]} onChange={(e) => onChange({ ...party, [k]: e.target.value })} />
    </Field>
  );
  return (
    <>
      {text('personName', m.personName)}
      {text('phoneNumber', m.phoneNumber)}
      {text('companyName', m.companyName)}
      {([0, 1, 2] as const).map((i) => (
        <Field key={i} label={fillMessage(m.streetLine, { n: i + 1 })} id={`spg-${which}-street-${i}`}>
          <Input
            id={`spg-${which}-street-${i}`}
            value={party.streetLines[i]}
            onChange={(e) => {
              const lines = [...party.streetLines] as PartyInput['streetLines'];
              lines[i] = e.target.value;
              onChange({ ...party, streetLines: lines });
            }}
          />
        </Field>
      ))}
      {text('city', m.city)}
      {text('stateOrProvinceCode', m.stateOrProvinceCode)}
      {text('postalCode', m.postalCode)}
      <Field label={m.countryCode} id={`spg-${which}-countryCode`} field={`${which}.countryCode`}>
        <CountrySelect
          id={`spg-${which}-countryCode`}
          value={party.countryCode}
          onChange={(v) => onChange({ ...party, countryCode: v })}
        />
      </Field>
    </>
  );
}
