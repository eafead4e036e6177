/**
 * The ModelSpec JSON Schema (schemas/modelspec.schema.json) and the ajv validators built from it. The schema
 * file is the normative format description; it is read from the package (two levels up from both src/modelspec
 * and dist/modelspec) so the published file and the one we validate with are the same bytes.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { modelSpecSchema } from './model-id.js';

export { modelIdProblem, modelSpecSchema } from './model-id.js';

export function newAjv(): Ajv2020 {
  return new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
}

let validator: ValidateFunction | undefined;

/**
 * A validator for ModelSpec documents. Compiled once per process (ajv's compile dominates a validation); it
 * keeps no state between calls other than `errors` of the last call, read right after it.
 */
export function modelSpecValidator(): ValidateFunction {
  validator ??= newAjv().compile(modelSpecSchema());
  return validator;
}

/** Compiles a document schema (a spec's `schema`); throws ajv's error when it is not a valid schema. */
export function documentValidator(schema: Record<string, unknown>): ValidateFunction {
  return newAjv().compile(schema);
}

/** ajv's instancePath (`/items/0/qty`) as a canonical path (`$.items[0].qty`). */
export function instancePathToCanonical(instancePath: string): string {
  if (instancePath === '') return '$';
  let s = '$';
  for (const raw of instancePath.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^(0|[1-9][0-9]*)$/.test(part)) s += `[${part}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) s += `.${part}`;
    else s += `.\`${part}\``;
  }
  return s;
}

export type { ErrorObject };
