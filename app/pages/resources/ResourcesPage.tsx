import { useParams } from 'wouter';
import { RESOURCE_KINDS, type ResourceKind } from '../../../contract/routes';
import { NotFoundPage } from '../../errors/ErrorPage';
import { MarketHome } from './MarketHome';
import { MarketQueryScope } from './MarketQueryScope';
import { ResourceList } from './ResourceList';

function isResourceKind(value: string): value is ResourceKind {
  return (RESOURCE_KINDS as readonly string[]).includes(value);
}

/** /resources/:resource?: the market home, a category list, or 404 for an unknown category. */
export default function ResourcesPage() {
  const { resource } = useParams<{ resource?: string }>();
  if (resource !== undefined && !isResourceKind(resource)) return <NotFoundPage />;
  return (
    <MarketQueryScope>
      {resource === undefined ? <MarketHome /> : <ResourceList key={resource} kind={resource} />}
    </MarketQueryScope>
  );
}
