import type { z } from "zod";
import { jsonIf } from "./common.js";

/**
 * Cross-field rules of a request body, each stated once as data: the validator checks them (`checkRules`, a zod
 * refinement) and the OpenAPI document states them (`jsonRules`, JSON Schema's `if`/`then`/`else`: zod's refinements
 * do not carry into it), so a body the document accepts is one the validator accepts.
 */

type Json = Record<string, unknown>;

/** A field of the object a rule is on, by its path from there (`["security", "saslMechanism"]`). */
export type FieldPath = readonly string[];

/**
 * A condition on a field: it is given (`oneOf` absent) or given and one of `oneOf`; `not` negates it (absent, or
 * another value). The validator reads the parsed body, where a field with a default has it; the defaults are never
 * among `oneOf`, so the document, which reads the body as sent, decides alike.
 */
export interface FieldCondition {
  path: FieldPath;
  oneOf?: readonly string[];
  not?: true;
}

/** What an issue says: a sentence, or one made from the object (the parsed body). */
export type RuleMessage<T> = string | ((value: T) => string);

/** What must hold of the object; each field that breaks it is an issue (on that field, or on the object). */
export type Requirement<T> =
  /** The field is given (and, with `except`, not one of those values). */
  | { given: FieldPath; except?: readonly string[]; message: RuleMessage<T> }
  /** When given, the field is one of `oneOf`. */
  | { field: FieldPath; oneOf: readonly string[]; message: RuleMessage<T> }
  /** None of the fields is given (each one given is an issue). */
  | { absent: readonly FieldPath[]; message: RuleMessage<T> }
  /** At least one of the fields is given (else one issue on the object). */
  | { anyGiven: readonly FieldPath[]; message: RuleMessage<T> };

/** A rule: when `when` holds (always, without it) the `require` requirements, else the `otherwise` ones. */
export interface FieldRule<T> {
  when?: FieldCondition;
  require: readonly Requirement<T>[];
  otherwise?: readonly Requirement<T>[];
}

const at = (value: unknown, path: FieldPath): unknown =>
  path.reduce<unknown>(
    (inner, key) => (typeof inner === "object" && inner !== null ? (inner as Json)[key] : undefined),
    value,
  );

function holds(condition: FieldCondition, value: unknown): boolean {
  const field = at(value, condition.path);
  const is = field !== undefined && (!condition.oneOf || condition.oneOf.includes(field as string));
  return condition.not ? !is : is;
}

/**
 * The rules as a zod refinement of the object they are on (its issues in the rules' order); `prefix` is the path of
 * that object in the value the refinement is on (the rules of `secrets`, checked on the profile).
 */
export function checkRules<T>(rules: readonly FieldRule<T>[], prefix: FieldPath = []) {
  return (whole: T, ctx: z.RefinementCtx): void => {
    const value = at(whole, prefix);
    const issue = (path: FieldPath, message: RuleMessage<T>) =>
      ctx.addIssue({
        code: "custom",
        path: [...prefix, ...path],
        message: typeof message === "string" ? message : message(whole),
      });
    for (const rule of rules) {
      const requirements = !rule.when || holds(rule.when, value) ? rule.require : (rule.otherwise ?? []);
      for (const requirement of requirements) {
        if ("given" in requirement) {
          const field = at(value, requirement.given);
          if (field === undefined || requirement.except?.includes(field as string))
            issue(requirement.given, requirement.message);
        } else if ("field" in requirement) {
          const field = at(value, requirement.field);
          if (field !== undefined && !requirement.oneOf.includes(field as string))
            issue(requirement.field, requirement.message);
        } else if ("absent" in requirement) {
          for (const path of requirement.absent) if (at(value, path) !== undefined) issue(path, requirement.message);
        } else if (!requirement.anyGiven.some((path) => at(value, path) !== undefined)) {
          issue([], requirement.message);
        }
      }
    }
  };
}

/** JSON Schema of an object whose field at `path` (given: required on the way) matches `leaf`. */
function jsonAt(path: FieldPath, leaf: Json): Json {
  const [first, ...rest] = path;
  if (first === undefined) return leaf;
  if (rest.length === 0 && Object.keys(leaf).length === 0) return { required: [first] };
  return { required: [first], properties: { [first]: jsonAt(rest, leaf) } };
}

const valuesJson = (values: readonly string[]): Json =>
  values.length === 1 ? { const: values[0] } : { enum: [...values] };

function conditionJson(condition: FieldCondition): Json {
  const is = condition.oneOf ? jsonAt(condition.path, { enum: [...condition.oneOf] }) : jsonAt(condition.path, {});
  return condition.not ? { not: is } : is;
}

/** Fields given, as JSON: of one object, any of them (`anyOf` of their names under their common parent). */
function anyGivenJson(paths: readonly FieldPath[]): Json {
  const parent = paths[0]?.slice(0, -1) ?? [];
  const sameParent = paths.every(
    (path) => path.length === parent.length + 1 && parent.every((key, index) => path[index] === key),
  );
  if (!sameParent) return { anyOf: paths.map((path) => jsonAt(path, {})) };
  const leaves = paths.map((path) => ({ required: [path[parent.length]] }));
  const anyOf = parent.length === 0 && leaves.length === 1 ? (leaves[0] as Json) : { anyOf: leaves };
  return parent.length === 0 ? anyOf : jsonAt(parent, anyOf);
}

function requirementJson<T>(requirement: Requirement<T>): Json {
  if ("given" in requirement)
    return requirement.except
      ? jsonAt(requirement.given, { not: valuesJson(requirement.except) })
      : jsonAt(requirement.given, {});
  if ("field" in requirement)
    return [...requirement.field]
      .reverse()
      .reduce<Json>((leaf, key) => ({ properties: { [key]: leaf } }), valuesJson(requirement.oneOf));
  if ("absent" in requirement) return { not: anyGivenJson(requirement.absent) };
  return anyGivenJson(requirement.anyGiven);
}

/** Two JSON Schemas both must match, as one object where their keywords do not clash (else `allOf`). */
function both(a: Json, b: Json): Json {
  const merged: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = merged[key];
    if (mine === undefined) merged[key] = value;
    else if (key === "required") merged[key] = [...new Set([...(mine as string[]), ...(value as string[])])];
    else if (key === "properties") {
      const properties: Json = { ...(mine as Json) };
      for (const [name, schema] of Object.entries(value as Json))
        properties[name] = properties[name] === undefined ? schema : both(properties[name] as Json, schema as Json);
      merged[key] = properties;
    } else return { allOf: [a, b] };
  }
  return merged;
}

const requirementsJson = <T>(requirements: readonly Requirement<T>[]): Json =>
  requirements.map(requirementJson).reduce(both, {});

const negation = (a: FieldCondition, b: FieldCondition) =>
  JSON.stringify([a.path, a.oneOf]) === JSON.stringify([b.path, b.oneOf]) && a.not !== b.not;

/**
 * The rules as JSON Schema, for the OpenAPI document through the schema's `.meta()`: one `if`/`then`/`else` each, a
 * rule and a later one on the negated condition (neither with `otherwise`) as one.
 */
export function jsonRules<T>(rules: readonly FieldRule<T>[]): Json {
  const merged = new Set<FieldRule<T>>();
  const schemas: Json[] = [];
  for (const [index, rule] of rules.entries()) {
    if (merged.has(rule)) continue;
    const { when } = rule;
    if (!when) {
      schemas.push(requirementsJson(rule.require));
      continue;
    }
    const opposite = rule.otherwise
      ? undefined
      : rules.slice(index + 1).find((other) => !other.otherwise && other.when && negation(when, other.when));
    if (opposite) merged.add(opposite);
    const [condition, then, otherwise] =
      when.not && opposite
        ? [opposite.when as FieldCondition, opposite.require, rule.require]
        : [when, rule.require, opposite?.require ?? rule.otherwise];
    schemas.push(
      jsonIf(conditionJson(condition), requirementsJson(then), otherwise ? requirementsJson(otherwise) : undefined),
    );
  }
  return schemas.length === 1 ? (schemas[0] as Json) : { allOf: schemas };
}
