import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { paths } from '../../../../../contract/routes';
import { errorCodeOf, isApiRequestError } from '../../../../api/ApiRequestError';
import { projectsApi } from '../../../../api/projectsApi';
import { EmptyState } from '../../../../components/EmptyState';
import { PageContainer } from '../../../../components/PageContainer';
import { PageTitle } from '../../../../components/PageTitle';
import { Alert } from '../../../../theme/parts/alert';
import { Field } from '../../../../theme/parts/field';
import { modelMetrics } from '../../models/modelMetrics';
import { formatDateTime, formatRatio } from '../../training/trainingFormat';
import { useModels } from '../../training/trainingApi';
import { deployApi, deployKeys } from '../deployApi';
import { canManage, modelName, POLL_MS } from '../deployFormat';
import { ProjectSelect } from '../PointFields';
import { DeploymentProgress } from './DeploymentProgress';
import { PointChoice } from './PointChoice';

const FIELD_PREFIX = 'pointIds.';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        {n}. {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * /console/deployments/new?project=&model=&point=: choose a model of a project and one or more of
 * its points, deploy, then follow each point's state until the rollout is final.
 */
export default function NewDeploymentPage() {
  const { t, i18n } = useTranslation(['deploy', 'errors', 'models', 'validation']);
  const client = useQueryClient();
  const search = new URLSearchParams(useSearch());
  const [projectId, setProjectId] = useState(search.get('project') ?? '');
  const [modelId, setModelId] = useState(search.get('model') ?? '');
  const [pointIds, setPointIds] = useState<string[]>(() => (search.get('point') ? [search.get('point')!] : []));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [deploymentId, setDeploymentId] = useState<string | null>(null);

  const projects = useQuery({ queryKey: ['projects', '*all'], queryFn: projectsApi.list });
  const manageable = useMemo(() => (projects.data ?? []).filter((p) => canManage(p.role)), [projects.data]);
  useEffect(() => {
    if (!projectId && manageable.length === 1) setProjectId(manageable[0]!.id);
  }, [projectId, manageable]);
  const models = useModels(projectId);
  const points = useQuery({
    queryKey: deployKeys.projectPoints(projectId),
    queryFn: () => deployApi.projectPoints(projectId),
    enabled: projectId !== '',
    refetchInterval: POLL_MS,
  });

  const deploy = useMutation({
    mutationFn: () => deployApi.deploy(projectId, modelId, pointIds),
    onSuccess: (deployment) => {
      setProblems({});
      setDeploymentId(deployment.id);
      void client.invalidateQueries({ queryKey: ['points'] });
      void client.invalidateQueries({ queryKey: deployKeys.projectPoints(projectId) });
      void client.invalidateQueries({ queryKey: ['project', projectId, 'deployments'] });
    },
    onError: (error) => {
      const fields = isApiRequestError(error) ? error.fields : {};
      setProblems(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([key]) => key.startsWith(FIELD_PREFIX))
            .map(([key, message]) => [key.slice(FIELD_PREFIX.length), message]),
        ),
      );
    },
  });

  const chooseProject = (id: string) => {
    setProjectId(id);
    setModelId('');
    setPointIds([]);
    setProblems({});
    setDeploymentId(null);
    deploy.reset();
  };
  const togglePoint = (id: string, on: boolean) => {
    setPointIds((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
    setDeploymentId(null);
  };
  const project = manageable.find((p) => p.id === projectId);
  const pointList = points.data?.items ?? [];
  const model = models.data?.items.find((m) => m.id === modelId);
  const unsupported = Object.keys(problems);
  const ready = !!project && !!model && pointIds.length > 0 && !deploy.isPending;

  return (
    <PageContainer>
      <Text fontSize="sm" mb="2">
        <Link href={paths.consoleEdge}>{t('point.backToList')}</Link>
      </Text>
      <PageTitle title={t('new.title')} description={t('new.description')} />
      {projects.isSuccess && manageable.length === 0 ? (
        <EmptyState data-testid="deploy-no-projects" message={t('list.noManageableProjects')} />
      ) : (
        <Stack gap="6" data-testid="new-deployment">
          <Step n={1} title={t('new.project')}>
            <Field.Root maxW="md">
              <ProjectSelect
                ns="deploy"
                projects={manageable}
                value={projectId}
                onChange={chooseProject}
                name="project"
                testId="deploy-project"
                ariaLabel={t('new.project')}
              />
            </Field.Root>
          </Step>
          {project && (
            <Step n={2} title={t('new.model')}>
              {models.isPending ? (
                <Skeleton h="16" />
              ) : models.isError ? (
                <Text color="fg.error">{t(`errors:${errorCodeOf(models.error)}`)}</Text>
              ) : models.data.items.length === 0 ? (
                <Text color="fg.muted" data-testid="deploy-no-models">
                  {t('new.noModels')}
                </Text>
              ) : (
                <Stack gap="2" role="radiogroup" aria-label={t('new.model')}>
                  {models.data.items.map((m) => (
                    <Box
                      as="label"
                      key={m.id}
                      display="flex"
                      gap="3"
                      alignItems="center"
                      borderWidth="1px"
                      borderColor={m.id === modelId ? 'brand.500' : 'border'}
                      rounded="md"
                      p="3"
                      cursor="pointer"
                      data-testid="model-choice"
                      data-model={m.id}
                    >
                      <input
                        type="radio"
                        name="model"
                        value={m.id}
                        checked={m.id === modelId}
                        onChange={() => {
                          setModelId(m.id);
                          setProblems({});
                          setDeploymentId(null);
                        }}
                      />
                      <Stack gap="0" flex="1" minW="0">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="600">{modelName(m)}</Text>
                          <Badge variant="outline">{t(`models:tasks.${m.task}`)}</Badge>
                          {modelMetrics(m).map(([name, value]) => (
                            <Text key={name} fontSize="sm" color="fg.muted">
                              {t(`models:metrics.${name}`, { value: formatRatio(value) })}
                            </Text>
                          ))}
                        </HStack>
                        <Text fontSize="xs" color="fg.muted">
                          {formatDateTime(m.createdAt, i18n.language)}
                        </Text>
                      </Stack>
                    </Box>
                  ))}
                </Stack>
              )}
            </Step>
          )}
          {project && (
            <Step n={3} title={t('new.points')}>
              {points.isPending ? (
                <Skeleton h="16" />
              ) : points.isError ? (
                <Text color="fg.error">{t(`errors:${errorCodeOf(points.error)}`)}</Text>
              ) : pointList.length === 0 ? (
                <Stack gap="2" align="start" data-testid="deploy-no-points">
                  <Text color="fg.muted">{t('new.noPoints')}</Text>
                  <Button asChild size="sm" variant="outline">
                    <Link href={paths.consoleEdge}>{t('new.createPoint')}</Link>
                  </Button>
                </Stack>
              ) : (
                <Stack gap="2">
                  {pointList.map((point) => (
                    <PointChoice
                      key={point.id}
                      point={point}
                      checked={pointIds.includes(point.id)}
                      problem={problems[point.id]}
                      onChange={(on) => togglePoint(point.id, on)}
                    />
                  ))}
                </Stack>
              )}
            </Step>
          )}
          {unsupported.length > 0 && (
            <Alert.Root status="error" data-testid="deploy-unsupported">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('new.unsupported')}</Alert.Title>
                <Alert.Description>
                  {unsupported.map((id) => pointList.find((p) => p.id === id)?.name ?? id).join(', ')}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {deploy.isError && unsupported.length === 0 && (
            <Text color="fg.error" data-testid="deploy-error">
              {t(`errors:${errorCodeOf(deploy.error)}`)}
            </Text>
          )}
          <HStack>
            <Button
              colorPalette="brand"
              disabled={!ready}
              loading={deploy.isPending}
              onClick={() => deploy.mutate()}
              data-testid="deploy-submit"
            >
              {t('new.submit', { count: pointIds.length })}
            </Button>
          </HStack>
          {deploymentId && (
            <Box as="section" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }}>
              <Heading as="h2" size="md" mb="4">
                {t('progress.title')}
              </Heading>
              <DeploymentProgress projectId={projectId} deploymentId={deploymentId} points={pointList} />
            </Box>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
