import { Select, type SelectProps } from 'antd';
import { countrySelectOptions, useCountries } from './countries';

export type CountrySelectProps = Omit<SelectProps<string>, 'options' | 'showSearch'>;

/** A country picker (value: the alpha-2 code), searchable by code and by English or Chinese name. */
export function CountrySelect(props: CountrySelectProps) {
  const countries = useCountries();
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      options={countrySelectOptions(countries.data)}
      {...props}
    />
  );
}
