import {
  ageOn,
  idNumberProblem,
  idNumberProblemTexts,
  REAL_NAME_FORM_TEXT,
  REAL_NAME_MIN_AGE,
  realNamePattern,
} from '@haoshi/contracts';

export interface RealNameInput {
  /** Normalised (normalizeRealName). */
  name: string;
  /** Normalised (normalizeIdNumber). */
  idNumber: string;
}

export type RealNameRefusal = 'id_invalid' | 'name_invalid' | 'minor' | 'mismatch' | 'unavailable';

export type RealNameOutcome =
  { ok: true } | { ok: false; refusal: RealNameRefusal; message?: string; field?: 'name' | 'id_number' };

/**
 * Decides whether a name and ID number belong together. A production provider (公安实名核验,
 * carrier or bank four-element checks) implements this; it must not log the input.
 */
export interface RealNameProvider {
  readonly name: string;
  verify(input: RealNameInput): Promise<RealNameOutcome>;
}

/** The checks any provider starts with: the name's form, the ID number's form and the age. */
export function checkForm(input: RealNameInput, now: Date): RealNameOutcome {
  if (!realNamePattern.test(input.name))
    return { ok: false, refusal: 'name_invalid', message: REAL_NAME_FORM_TEXT, field: 'name' };
  const problem = idNumberProblem(input.idNumber, now);
  if (problem)
    return { ok: false, refusal: 'id_invalid', message: idNumberProblemTexts[problem], field: 'id_number' };
  if (ageOn(input.idNumber, now) < REAL_NAME_MIN_AGE)
    return { ok: false, refusal: 'minor', field: 'id_number' };
  return { ok: true };
}

/**
 * The built-in provider: the form checks only (GB 11643 checksum, a real and past birth date, a
 * province code, the name's form, adult). It cannot know whether the number belongs to the name.
 */
export function createBuiltinRealNameProvider(now: () => Date): RealNameProvider {
  return {
    name: 'builtin',
    verify: async (input) => checkForm(input, now()),
  };
}
