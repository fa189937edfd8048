import { Button, Steps } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { FieldProblem, GoodsData, PublishProperties, ResellDraft } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGames } from '../api/games';
import { usePartitions } from '../api/partitions';
import { PublishRefusal, usePublishGoods } from '../api/publish-goods';
import { usePublishProperties } from '../api/publish-properties';
import { publishMessages as text, stepTitles } from '../messages';
import { ScreenshotUploader } from '../upload/screenshot-uploader';
import {
  storedScreenshotItems,
  useScreenshotUploads,
  type UploadTransport,
} from '../upload/use-screenshot-uploads';
import { AttributeForm } from './attribute-form';
import { controlsOf } from './attribute-controls';
import { FieldBlock } from './field-block';
import { GameGrid } from './game-grid';
import {
  draftFromGoods,
  draftFromResell,
  draftReducer,
  emptyDraft,
  fieldsTouchedBy,
  publishRequestOf,
  type DraftAction,
  type PublishDraft,
} from './publish-draft';
import { StepDetails } from './step-details';
import { StepPartition } from './step-partition';
import {
  draftSaveErrors,
  firstStepWithErrors,
  nextStep,
  previousStep,
  remainingErrors,
  stepErrors,
  stepIndex,
  wizardSteps,
  type FieldErrors,
  type WizardStep,
} from './wizard-steps';

interface PublishWizardProps {
  /** Editing: the seller's own listing as loaded. */
  existing?: GoodsData | undefined;
  /** Chosen already (诚心卖's game grid). */
  gameId?: number | undefined;
  /** 转卖: a new listing filled in from the account the seller bought. */
  resell?: ResellDraft | undefined;
  onFinished: (data: GoodsData) => void;
  /** Tests replace the ticket call and the XHR upload. */
  transport?: UploadTransport;
}

const errorsOf = (problems: readonly FieldProblem[]): FieldErrors =>
  Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));

function withoutFields(errors: FieldErrors, fields: readonly string[] | 'all'): FieldErrors {
  if (fields === 'all') return {};
  if (!fields.some((field) => Object.hasOwn(errors, field))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

function initialStep(
  existing: GoodsData | undefined,
  gameId: number | undefined,
  resell: ResellDraft | undefined,
): WizardStep {
  if (existing || resell) return 'attributes';
  return gameId === undefined ? 'game' : 'partition';
}

/** Runs when a check or the server finds fields wrong (or lifts one), not on every keystroke. */
function useScrollToFirstError(step: WizardStep, serverErrors: FieldErrors, localErrors: FieldErrors) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A new step starts at its top; a refusal brings its first field into view.
    const target = root.current?.querySelector('.publish-field--error') ?? root.current;
    if (target && typeof target.scrollIntoView === 'function')
      target.scrollIntoView({ block: target === root.current ? 'start' : 'center' });
  }, [step, serverErrors, localErrors]);
  return root;
}

function StepBody({
  step,
  draft,
  dispatch,
  properties,
  errors,
  uploads,
}: {
  step: WizardStep;
  draft: PublishDraft;
  dispatch: Parameters<typeof StepDetails>[0]['dispatch'];
  properties: PublishProperties;
  errors: FieldErrors;
  uploads: ReturnType<typeof useScreenshotUploads>;
}) {
  const partitions = usePartitions(draft.gameId);
  const attributeControls = useMemo(() => controlsOf(properties.fields, 'attrs'), [properties]);
  const bindingControls = useMemo(() => controlsOf(properties.bindings, 'bindings'), [properties]);
  switch (step) {
    case 'game':
      return null;
    case 'partition':
      if (partitions.isPending) return <ScreenSkeleton />;
      return (
        <StepPartition
          platforms={properties.platforms}
          partitions={partitions.data ?? []}
          platform={draft.platform}
          partitionId={draft.partitionId}
          errors={errors}
          onPlatform={(platform) => dispatch({ type: 'platform', platform })}
          onPartition={(partitionId) => dispatch({ type: 'partition', partitionId })}
        />
      );
    case 'attributes':
      return (
        <>
          <p className="publish-muted">{text.attributesHint}</p>
          <AttributeForm
            controls={attributeControls}
            values={draft.attrs}
            errors={errors}
            onChange={(key, value) => dispatch({ type: 'attr', key, value })}
          />
        </>
      );
    case 'bindings':
      return (
        <>
          <p className="publish-muted">{text.bindingsHint}</p>
          <AttributeForm
            controls={bindingControls}
            values={draft.bindings}
            errors={errors}
            onChange={(key, value) => dispatch({ type: 'binding', key, value })}
          />
        </>
      );
    case 'screenshots':
      return (
        <FieldBlock
          field="screenshots"
          label={stepTitles.screenshots}
          required
          hint={text.screenshotsHint(properties.min_screenshots, properties.max_screenshots)}
          error={errors.screenshots}
        >
          <ScreenshotUploader
            items={uploads.items}
            max={properties.max_screenshots}
            onAdd={uploads.add}
            onRetry={uploads.retry}
            onRemove={uploads.remove}
          />
        </FieldBlock>
      );
    case 'details':
      return (
        <StepDetails draft={draft} guarantees={properties.guarantees} errors={errors} dispatch={dispatch} />
      );
  }
}

/**
 * The publish wizard: game → partition → attributes → bindings → screenshots → price. The draft
 * lives here, so going back and forth (and leaving the kept-alive page) loses nothing; a refusal
 * of the server lands on the step and field it names.
 */
export function PublishWizard({ existing, gameId, resell, onFinished, transport }: PublishWizardProps) {
  const [draft, dispatch] = useReducer(draftReducer, undefined, () =>
    existing ? draftFromGoods(existing) : resell ? draftFromResell(resell) : emptyDraft(gameId),
  );
  const [step, setStep] = useState<WizardStep>(() => initialStep(existing, gameId, resell));
  // The server's refusals stay on their fields (on every step) until the seller edits them;
  // the local checks flag the fields of the step being left, and each shows until it is right.
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  /** The screenshots the server judged: a refusal about them lapses once they change. */
  const [judgedScreenshots, setJudgedScreenshots] = useState('');
  const change = useCallback((action: DraftAction) => {
    dispatch(action);
    setServerErrors((previous) => withoutFields(previous, fieldsTouchedBy(action)));
  }, []);
  const uploads = useScreenshotUploads(transport, () =>
    storedScreenshotItems((existing ?? resell)?.screenshots ?? []),
  );
  const games = useGames();
  const properties = usePublishProperties(draft.gameId);
  const publish = usePublishGoods();
  const screenshotList = uploads.keys.join('\n');
  const { reset } = uploads;

  const checkStep = (target: WizardStep): FieldErrors =>
    stepErrors(target, draft, properties.data, uploads.progress);

  const errors = {
    ...(screenshotList === judgedScreenshots ? serverErrors : withoutFields(serverErrors, ['screenshots'])),
    ...remainingErrors(localErrors, checkStep),
  };
  const root = useScrollToFirstError(step, serverErrors, localErrors);

  const goTo = (target: WizardStep) => {
    // Forward only over complete steps: the first incomplete one is where the seller lands.
    for (const between of wizardSteps.slice(0, stepIndex(target))) {
      const problems = checkStep(between);
      if (Object.keys(problems).length > 0) {
        setLocalErrors(problems);
        setStep(between);
        return;
      }
    }
    setLocalErrors({});
    setStep(target);
  };

  const send = (submit: boolean) => {
    const local = submit ? checkStep('details') : draftSaveErrors(draft);
    if (Object.keys(local).length > 0) {
      setLocalErrors(local);
      setStep(firstStepWithErrors(local) ?? 'details');
      return;
    }
    const request = publishRequestOf(draft, uploads.keys, submit);
    publish.mutate(
      { request, shelveAfter: submit && existing?.status === 'off_shelf' },
      {
        onSuccess: (data) => {
          dispatch({ type: 'saved', goodsId: data.id });
          setServerErrors({});
          setLocalErrors({});
          if (submit) onFinished(data);
          else showToast({ icon: 'success', content: text.draftSaved });
        },
        onError: (error) => {
          if (!(error instanceof PublishRefusal)) return;
          const fieldErrors = errorsOf(error.fields);
          const target = firstStepWithErrors(fieldErrors);
          if (target) {
            setServerErrors(fieldErrors);
            setJudgedScreenshots(screenshotList);
            setLocalErrors({});
            setStep(target);
            showToast(text.fixFields);
          } else {
            showToast(error.message);
          }
        },
      },
    );
  };

  if (games.isError || properties.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={text.loadFailed}
        description={text.loadFailedHint}
        actions={[
          {
            text: text.retry,
            primary: true,
            onClick: () => void (games.isError ? games.refetch() : properties.refetch()),
          },
        ]}
      />
    );

  const last = step === 'details';
  // A listing on sale is saved as a whole (the server reviews it again if what moderation judged
  // changed): there is no draft of it to keep.
  const onSale = existing?.status === 'on_sale';
  return (
    <div className="publish-wizard" ref={root}>
      {onSale ? (
        <p className="publish-wizard__note" role="note">
          {text.onSaleEditHint}
        </p>
      ) : null}
      <Steps current={stepIndex(step)} className="publish-steps">
        {wizardSteps.map((item) => (
          <Steps.Step key={item} title={stepTitles[item]} />
        ))}
      </Steps>
      <section className="publish-wizard__body" aria-label={stepTitles[step]} data-step={step}>
        {step === 'game' ? (
          games.isPending ? (
            <ScreenSkeleton />
          ) : (
            <FieldBlock field="game_id" label={text.chooseGame} required error={errors.game_id}>
              <GameGrid
                games={games.data}
                selected={draft.gameId}
                onPick={(game) => {
                  change({ type: 'game', gameId: game.id });
                  if (game.id !== draft.gameId) reset([]);
                  setLocalErrors({});
                  setStep('partition');
                }}
              />
            </FieldBlock>
          )
        ) : properties.data ? (
          <StepBody
            step={step}
            draft={draft}
            dispatch={change}
            properties={properties.data}
            errors={errors}
            uploads={uploads}
          />
        ) : (
          <ScreenSkeleton />
        )}
      </section>
      <footer className="publish-wizard__footer">
        {previousStep(step) ? (
          <Button onClick={() => goTo(previousStep(step) ?? 'game')}>{text.previous}</Button>
        ) : null}
        {last ? (
          <>
            {onSale ? null : (
              <Button
                loading={publish.isPending && !publish.variables?.request.submit}
                disabled={publish.isPending}
                onClick={() => send(false)}
              >
                {text.saveDraft}
              </Button>
            )}
            <Button
              color="primary"
              loading={publish.isPending && publish.variables?.request.submit === true}
              disabled={publish.isPending}
              onClick={() => send(true)}
            >
              {onSale ? text.saveOnSale : existing?.status === 'off_shelf' ? text.saveAndShelve : text.submit}
            </Button>
          </>
        ) : step === 'game' ? null : (
          <Button color="primary" onClick={() => goTo(nextStep(step) ?? 'details')}>
            {text.next}
          </Button>
        )}
      </footer>
    </div>
  );
}
