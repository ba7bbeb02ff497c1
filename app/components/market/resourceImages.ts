import type { Resource } from '../../../contract/apiMarket';
import { apiUrl } from '../../api/apiFetch';

/*
 * A resource's cover and sample image URLs, shared by the public market and the console (My
 * resources, the review queue): the same endpoints serve both, with the token when one is needed.
 */

const images = (id: string) => `market/resources/${encodeURIComponent(id)}`;

export const coverUrl = (id: string, index: number) => apiUrl(`${images(id)}/covers/${index}`);
export const sampleUrl = (id: string, index: number) => apiUrl(`${images(id)}/samples/${index}`);

/**
 * Whether an image of the resource needs the token: only an approved public resource is open to
 * everyone; its seller, buyers and platform admins see the others with their token.
 */
export const imagesNeedToken = (r: Pick<Resource, 'approval' | 'visibility'>) =>
  r.approval !== 'approved' || r.visibility !== 'public';
