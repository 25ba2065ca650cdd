import { z } from 'zod';
import { MAGP_DATATYPES, type StandardFieldsFile } from './fields.js';

/**
 * The shape of `data/magp/standard-fields.json`, checked by the tests (not exported from the
 * subpath: the browser reads the file through its plain types, without zod).
 */
const standardField = z.strictObject({
  value: z.string().regex(/^[A-Za-z][\w.[\]]*$/, 'a field value is a path of letters, digits, dots and [n]'),
  label: z.string().min(1),
  datatype: z.enum(MAGP_DATATYPES),
  description: z.string().min(1),
  description_cn: z.string().min(1),
  example: z.string(),
  maxlength: z.number().int().positive().nullable(),
  reference_code: z.string().regex(/^\d+$/).nullable(),
  disabled: z.boolean(),
});

const standardFieldGroup = z.strictObject({
  key: z.string().regex(/^[a-z]+$/),
  label: z.string().min(1),
  label_cn: z.string().min(1),
  source: z.string().min(20),
  fields: z.array(standardField).min(1),
});

export const standardFieldsFileSchema = z.strictObject({
  about: z.string(),
  groups: z.array(standardFieldGroup).min(1),
}) satisfies z.ZodType<StandardFieldsFile>;
