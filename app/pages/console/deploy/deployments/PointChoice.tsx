import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../../../../contract/apiDeploy';
import { Checkbox } from '../../../../theme/parts/checkbox';
import { ConnectionBadge } from '../ConnectionBadge';
import { modelName, shortVersion } from '../deployFormat';

/** One point to tick: its kind, its connection or instance state, what it runs now, and why it cannot run the model. */
export function PointChoice({
  point,
  checked,
  problem,
  onChange,
}: {
  point: Point;
  checked: boolean;
  /** A `validation:*` key: the server said this point cannot run the chosen model. */
  problem: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation(['deploy', 'validation']);
  return (
    <Box
      borderWidth="1px"
      borderColor={problem ? 'border.error' : checked ? 'brand.500' : 'border'}
      rounded="md"
      p="3"
      data-testid="point-choice"
      data-point={point.id}
    >
      <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} colorPalette="brand">
        <Checkbox.HiddenInput name="pointIds" value={point.id} />
        <Checkbox.Control />
        <Checkbox.Label>
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="600">{point.name}</Text>
              <Badge variant="outline" colorPalette="gray">
                {t(`kind.${point.kind}`)}
              </Badge>
              {point.kind === 'edge' ? (
                <ConnectionBadge connection={point.connection} />
              ) : (
                point.instance && <Badge>{t(`instanceState.${point.instance.instanceState}`)}</Badge>
              )}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {point.model
                ? t('choose.runs', { model: modelName(point.model), version: shortVersion(point.version) })
                : t('choose.runsNothing')}
            </Text>
          </Stack>
        </Checkbox.Label>
      </Checkbox.Root>
      {problem && (
        <Text fontSize="sm" color="fg.error" mt="2" data-testid="point-problem">
          {t(problem)}
        </Text>
      )}
    </Box>
  );
}
