import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CheckFilters, filtersFromParams, filtersToParams } from './check-filters';

/** The screen's filters, read from and written to the URL. */
export function useCheckFilters(extraKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are constant per screen
  const filters = useMemo(() => filtersFromParams(params, extraKeys), [params]);
  const setFilters = (next: CheckFilters) => setParams(filtersToParams(next));
  return { filters, setFilters };
}
