import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../../../../contract/apiModels';
import { Field } from '../../../../theme/parts/field';
import { NativeSelect } from '../../../../theme/parts/nativeSelect';
import { formatDateTime } from '../trainingFormat';
import { ChoiceCard } from './ChoiceCard';
import { MarketModelChoice } from './MarketModelChoice';
import type { StepProps } from './stepProps';
import { taskOfSubtype } from './wizardForm';

/** A model as the wizard names it: its tag (or 'no tag') and date. */
export function modelName(model: Model, t: (key: string, options?: Record<string, unknown>) => string, locale: string) {
  return t('training:pretrained.modelName', {
    tag: model.tag || t('training:pretrained.untagged'),
    date: formatDateTime(model.createdAt, locale),
  });
}

/** Step 3: the shipped MobileNetV2, a previous model of this project (same task), or a model bought in the market. */
export function PretrainedStep({ form, update, errors, ctx, project }: StepProps) {
  const { t, i18n } = useTranslation(['training', 'models']);
  const task = taskOfSubtype(project.subtype);
  const sameTask = ctx.models.filter((model) => model.task === task);
  // Models exported from a purchase are offered under the market choice, the others as previous models.
  const models = sameTask.filter((model) => !model.resourceId);
  const taskName = task ? t(`models:tasks.${task}`) : '';
  const chosenModel = form.pretrained.kind === 'model' ? form.pretrained.modelId : '';
  const chosen = sameTask.find((m) => m.id === chosenModel) ?? null;
  const fromMarket = chosen?.resourceId ? chosen : null;
  // Training continues the model's own head: its network and input size come with it.
  const startFrom = (model: Model) =>
    update({ pretrained: { kind: 'model', modelId: model.id }, network: model.network, inputSize: model.inputSize });
  const choose = (modelId: string) => {
    const model = models.find((m) => m.id === modelId);
    if (model) startFrom(model);
    else update({ pretrained: { kind: 'model', modelId } });
  };
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('pretrained.description')}</Text>
      <ChoiceCard
        name="pretrained"
        value="backbone"
        checked={form.pretrained.kind === 'backbone'}
        title={t('pretrained.backbone')}
        description={t('pretrained.backboneInfo')}
        onChoose={() => update({ pretrained: { kind: 'backbone' } })}
        testId="pretrained-backbone"
      />
      <ChoiceCard
        name="pretrained"
        value="model"
        checked={form.pretrained.kind === 'model' && !fromMarket}
        disabled={models.length === 0}
        title={t('pretrained.previous')}
        description={
          models.length === 0
            ? t('pretrained.noPrevious', { task: taskName })
            : t('pretrained.previousInfo', { task: taskName })
        }
        onChoose={() => models[0] && choose(models[0].id)}
        testId="pretrained-model"
      >
        {form.pretrained.kind === 'model' && !fromMarket && (
          <Field.Root invalid={!!errors.model} mt="2" maxW="sm">
            <Field.Label>{t('pretrained.chooseModel')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="pretrained-model"
                value={chosenModel}
                onChange={(e) => choose(e.currentTarget.value)}
              >
                {!models.some((m) => m.id === chosenModel) && <option value="">—</option>}
                {models.map((model) => (
                  <option key={model.id} value={model.id}>
                    {modelName(model, t, i18n.language)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.model && <Field.ErrorText>{t(errors.model)}</Field.ErrorText>}
          </Field.Root>
        )}
      </ChoiceCard>
      <MarketModelChoice
        projectId={project.id}
        task={task}
        taskName={taskName}
        models={sameTask}
        chosen={fromMarket}
        onChoose={startFrom}
        error={fromMarket ? errors.model : undefined}
      />
    </Stack>
  );
}
