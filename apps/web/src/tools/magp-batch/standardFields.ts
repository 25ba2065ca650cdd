import {
  indexStandardFields,
  type StandardField,
  type StandardFieldGroup,
  type StandardFieldsFile,
} from '@lab/core/magp';
import data from '@data/magp/standard-fields.json';

/**
 * The loader of the project's standard fields (`data/magp/standard-fields.json`, schema-tested
 * in @lab/core/magp): the groups in file order and every field by its value.
 */
export const standardFields = data as StandardFieldsFile;
export const standardFieldGroups: StandardFieldGroup[] = standardFields.groups;
export const fieldByValue: ReadonlyMap<string, StandardField> = indexStandardFields(standardFields);
