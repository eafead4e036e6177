/**
 * ModelSpec: the JSON format sheetspec emits and the authoring tools run. The JSON Schema in
 * schemas/modelspec.schema.json is the normative description; these types match it.
 */

export interface LibraryObject {
  description?: string;
  /** Plain JSONata that binds functions/values and returns the list of exported names as its last value. */
  define: string;
}

export interface DefaultValue {
  path: string;
  expr: string;
  description?: string;
}

export interface Derivation {
  path: string;
  expr: string;
  evaluation?: 'eager' | 'lazy';
  description?: string;
}

export type MetaProperty =
  | 'required'
  | 'minimum'
  | 'maximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'enum'
  | 'readOnly'
  | 'relevant';

export interface MetaDerivation {
  path: string;
  property: MetaProperty;
  expr: string;
  description?: string;
}

export interface Constraint {
  id: string;
  path?: string;
  expr: string;
  message: string;
  policy: 'rollback' | 'flag';
  description?: string;
}

export interface SpecTest {
  description?: string;
  /** Canonical path (`$.items`, `$.items[0].qty`) → value applied before the check. */
  given: Record<string, unknown>;
  /** Canonical path → expected value, or `{"$meta": {...}}` to assert meta values. */
  expect: Record<string, unknown>;
  /** How numbers compare: `exact` (the default) or `excel15`, at 15 significant digits as Excel stores them. */
  compare?: TestCompare;
}

export type TestCompare = 'exact' | 'excel15';

export interface ModelSpec {
  id: string;
  version: string;
  description?: string;
  schema: Record<string, unknown>;
  constants?: Record<string, unknown>;
  library?: LibraryObject | string;
  defaultValues?: DefaultValue[];
  derivations?: Derivation[];
  metaDerivations?: MetaDerivation[];
  constraints?: Constraint[];
  tests?: SpecTest[];
  viewDefinition?: unknown;
}

/** Names a library may not export, besides JSONata built-ins. */
export const RESERVED_NAMES: readonly string[] = ['const', 'parent', 'self', 'response', 'now', 'status'];
