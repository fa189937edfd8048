import {
  CONTACT_DETAILS_MESSAGE,
  findContact,
  TITLE_MAX,
  validateListingProperties,
  type PublishProperties,
} from '@haoshi/contracts';
import { publishMessages as text } from '../messages';
import { priceErrors } from '../price-rules';
import { yuanToFen, type PublishDraft } from './publish-draft';

export const wizardSteps = ['game', 'partition', 'attributes', 'bindings', 'screenshots', 'details'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** Field path (as the server names it) → message. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Upload state the screenshot step needs to judge. */
export interface ScreenshotProgress {
  done: number;
  /** Still uploading, waiting or failed. */
  unfinished: number;
}

/** The step that holds a field the server complained about ("attrs.rank" → attributes). */
export function stepOfField(field: string): WizardStep {
  if (field === 'game_id') return 'game';
  if (field === 'platform' || field === 'partition_id') return 'partition';
  if (field === 'attrs' || field.startsWith('attrs.')) return 'attributes';
  if (field === 'bindings' || field.startsWith('bindings.')) return 'bindings';
  if (field === 'screenshots' || field.startsWith('screenshots.')) return 'screenshots';
  return 'details';
}

/** The earliest step holding one of these fields (undefined when none). */
export function firstStepWithErrors(errors: FieldErrors): WizardStep | undefined {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return wizardSteps.find((step) => steps.has(step));
}

export function stepIndex(step: WizardStep): number {
  return wizardSteps.indexOf(step);
}

export const nextStep = (step: WizardStep): WizardStep | undefined => wizardSteps[stepIndex(step) + 1];
export const previousStep = (step: WizardStep): WizardStep | undefined =>
  stepIndex(step) === 0 ? undefined : wizardSteps[stepIndex(step) - 1];

function propertyErrors(
  properties: PublishProperties,
  draft: PublishDraft,
  prefix: 'attrs.' | 'bindings.',
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of validateListingProperties(properties, draft.attrs, draft.bindings)) {
    if (problem.field.startsWith(prefix)) errors[problem.field] ??= problem.message;
  }
  return errors;
}

/** The bargain floor, when given with 可议价: an amount below the price. */
function floorErrors(draft: PublishDraft): Record<string, string> {
  if (!draft.bargain || draft.bargainFloor.trim() === '') return {};
  const floor = yuanToFen(draft.bargainFloor);
  if (floor === undefined) return { bargain_floor: text.bargainFloorInvalid };
  const price = yuanToFen(draft.price);
  return price !== undefined && floor >= price ? { bargain_floor: text.bargainFloorTooHigh } : {};
}

function detailErrors(draft: PublishDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = draft.title.trim();
  if (title.length < 4) errors.title = text.titleTooShort;
  else if (title.length > TITLE_MAX) errors.title = text.titleTooLong(TITLE_MAX);
  // The server's contact detector, run here so the seller hears it before submitting.
  else if (findContact(title)) errors.title = CONTACT_DETAILS_MESSAGE;
  if (findContact(draft.description)) errors.description = CONTACT_DETAILS_MESSAGE;
  return { ...errors, ...priceErrors(draft.price, draft.originalPrice), ...floorErrors(draft) };
}

/**
 * What keeps the seller on this step, checked here before the server sees it (the server checks the
 * same rules again). `properties` is the chosen game's publish schema once it is loaded.
 */
export function stepErrors(
  step: WizardStep,
  draft: PublishDraft,
  properties: PublishProperties | undefined,
  screenshots: ScreenshotProgress,
): FieldErrors {
  switch (step) {
    case 'game':
      return draft.gameId === undefined ? { game_id: text.chooseGame } : {};
    case 'partition':
      if (draft.platform === undefined) return { platform: text.choosePlatform };
      return draft.partitionId === undefined ? { partition_id: text.choosePartition } : {};
    case 'attributes':
      return properties ? propertyErrors(properties, draft, 'attrs.') : {};
    case 'bindings':
      return properties ? propertyErrors(properties, draft, 'bindings.') : {};
    case 'screenshots':
      if (screenshots.unfinished > 0) return { screenshots: text.screenshotsPending };
      if (properties && screenshots.done < properties.min_screenshots)
        return { screenshots: text.screenshotsTooFew(properties.min_screenshots) };
      if (properties && screenshots.done > properties.max_screenshots)
        return { screenshots: text.screenshotsTooMany(properties.max_screenshots) };
      return {};
    case 'details':
      return detailErrors(draft);
  }
}

/**
 * The flagged fields (those a step change or a submission found wrong) that are still wrong, with
 * what is wrong now: a field's message goes as soon as the seller has fixed it.
 */
export function remainingErrors(flagged: FieldErrors, check: (step: WizardStep) => FieldErrors): FieldErrors {
  const fields = Object.keys(flagged);
  if (fields.length === 0) return flagged;
  const now: Record<string, string> = {};
  for (const step of new Set(fields.map(stepOfField))) Object.assign(now, check(step));
  return Object.fromEntries(fields.flatMap((field) => (now[field] ? [[field, now[field]]] : [])));
}

/** Saving a draft needs what the server cannot store without: game, partition, title and price. */
export function draftSaveErrors(draft: PublishDraft): FieldErrors {
  const { title, price } = detailErrors(draft);
  return {
    ...stepErrors('game', draft, undefined, { done: 0, unfinished: 0 }),
    ...stepErrors('partition', draft, undefined, { done: 0, unfinished: 0 }),
    ...(title ? { title } : {}),
    ...(price ? { price } : {}),
  };
}
