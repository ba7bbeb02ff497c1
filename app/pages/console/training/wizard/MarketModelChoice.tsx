import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { purchaseListSchema, resourceExportResultSchema, type Purchase } from '../../../../../contract/apiMarket';
import type { Model } from '../../../../../contract/apiModels';
import { href } from '../../../../../contract/routes';
import { apiFetch } from '../../../../api/apiFetch';
import { Field } from '../../../../theme/parts/field';
import { NativeSelect } from '../../../../theme/parts/nativeSelect';
import { ApiErrorText } from '../../checkout/ApiErrorText';
import { trainingApi, trainingKeys } from '../trainingApi';
import { ChoiceCard } from './ChoiceCard';

/** The caller's purchases (GET purchases); the wizard keeps the models among them. */
function usePurchases() {
  return useQuery({ queryKey: ['purchases'], queryFn: () => apiFetch('purchases', { schema: purchaseListSchema }) });
}

/**
 * The market choice of the pre-trained step: a model bought in the market for the project's task.
 * One not yet in this project is exported into it first (it becomes one of the project's models),
 * then chosen like a previous model, with its network and input size.
 */
export function MarketModelChoice({
  projectId,
  task,
  taskName,
  models,
  chosen,
  onChoose,
  error,
}: {
  projectId: string;
  task: string | null;
  taskName: string;
  models: readonly Model[];
  /** The chosen model when it came from the market. */
  chosen: Model | null;
  onChoose: (model: Model) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(['training', 'errors']);
  const client = useQueryClient();
  const purchases = usePurchases();
  const bought = (purchases.data?.items ?? []).filter(
    (p) => p.resource.kind === 'model' && p.resource.model?.task === task,
  );
  const chosenPurchase = chosen ? bought.find((p) => p.resource.id === chosen.resourceId) : undefined;

  const use = useMutation({
    mutationFn: async (purchase: Purchase): Promise<Model> => {
      const local = models.find((m) => m.resourceId === purchase.resource.id);
      if (local) return local;
      const result = await apiFetch(`purchases/${encodeURIComponent(purchase.id)}/export`, {
        method: 'POST',
        body: { target: 'existing', projectId },
        schema: resourceExportResultSchema,
      });
      // The project's model list now holds the export: read it again so the wizard's checks see it.
      const list = await client.fetchQuery({
        queryKey: trainingKeys.models(projectId),
        queryFn: () => trainingApi.models(projectId),
        staleTime: 0,
      });
      void client.invalidateQueries({ queryKey: ['purchases'] });
      const model = list.items.find((m) => m.id === result.modelId);
      if (!model) throw new Error('the exported model is not in the project');
      return model;
    },
    onSuccess: (model) => onChoose(model),
  });

  const choose = (purchaseId: string) => {
    const purchase = bought.find((p) => p.id === purchaseId);
    if (purchase) use.mutate(purchase);
  };

  const none = purchases.isSuccess && bought.length === 0;
  return (
    <ChoiceCard
      name="pretrained"
      value="market"
      checked={chosen !== null}
      disabled={!purchases.isSuccess || none}
      title={t('pretrained.market')}
      description={
        purchases.isError
          ? t('pretrained.marketFailed')
          : none
            ? t('pretrained.marketNone', { task: taskName })
            : t('pretrained.marketInfo', { task: taskName })
      }
      onChoose={() => bought[0] && !chosen && use.mutate(bought[0])}
      testId="pretrained-market"
    >
      {none && (
        <ChakraLink asChild color="brand.600" fontSize="sm" fontWeight="600" mt="1">
          <Link href={href.resources('model')} data-testid="pretrained-market-link">
            {t('pretrained.marketLink')}
          </Link>
        </ChakraLink>
      )}
      {(chosen !== null || use.isPending || use.isError) && bought.length > 0 && (
        <Field.Root invalid={!!error} mt="2" maxW="sm">
          <Field.Label>{t('pretrained.chooseMarket')}</Field.Label>
          <NativeSelect.Root size="sm" disabled={use.isPending}>
            <NativeSelect.Field
              name="pretrained-market"
              value={chosenPurchase?.id ?? use.variables?.id ?? ''}
              onChange={(e) => choose(e.currentTarget.value)}
              data-testid="pretrained-market-select"
            >
              {!chosenPurchase && !use.variables && <option value="">—</option>}
              {bought.map((p) => (
                <option key={p.id} value={p.id}>
                  {t('pretrained.marketName', { name: p.resource.name, seller: p.resource.seller.name })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {use.isPending && (
            <Text fontSize="sm" color="fg.muted" data-testid="pretrained-market-exporting">
              {t('pretrained.marketExporting')}
            </Text>
          )}
          {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
        </Field.Root>
      )}
      {use.isError && <ApiErrorText error={use.error} testId="pretrained-market-error" />}
    </ChoiceCard>
  );
}
