import { getEventCategories } from '@pitboss/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Bonus categories and their event names, for the bonus-point filters. */
export function useEventCategoriesQuery() {
  return useQuery({
    queryKey: ['check-tools', 'event-categories'],
    queryFn: async ({ signal }) => (await callApi(getEventCategories, {}, { signal })).data,
  });
}
