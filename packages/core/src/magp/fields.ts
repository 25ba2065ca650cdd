/**
 * The MAGP batch template's standard fields: the columns a customer's spreadsheet can be mapped
 * to. The data is project data (`data/magp/standard-fields.json`); these are its shapes.
 */
export const MAGP_DATATYPES = ['String', 'Number', 'Date', 'Enum'] as const;
export type MagpDatatype = (typeof MAGP_DATATYPES)[number];

export interface StandardField {
  /** The template's column header, e.g. `recipient.address.city`. */
  value: string;
  label: string;
  datatype: MagpDatatype;
  description: string;
  description_cn: string;
  example: string;
  /** Longest accepted text in characters; null when the carrier publishes no limit. */
  maxlength: number | null;
  /** The field's tag number in the carrier's tagged shipping transaction, when it has one. */
  reference_code: string | null;
  /** Shown in the dropdown but not selectable. */
  disabled: boolean;
}

export interface StandardFieldGroup {
  key: string;
  label: string;
  label_cn: string;
  /** Where the group's names, types and lengths come from. */
  source: string;
  fields: StandardField[];
}

export interface StandardFieldsFile {
  about: string;
  groups: StandardFieldGroup[];
}

/** Every field by its `value` (the loader's index). Throws on a value listed twice. */
export function indexStandardFields(file: StandardFieldsFile): Map<string, StandardField> {
  const byValue = new Map<string, StandardField>();
  for (const group of file.groups) {
    for (const field of group.fields) {
      if (byValue.has(field.value)) throw new Error(`standard field "${field.value}" is listed twice`);
      byValue.set(field.value, field);
    }
  }
  return byValue;
}
