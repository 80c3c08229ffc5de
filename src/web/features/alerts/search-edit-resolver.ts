import { zodResolver } from '@hookform/resolvers/zod';
import { savedSearchFiltersSchema } from '@shared/schemas/alerts';
import type { Resolver } from 'react-hook-form';
import { filtersOf, type SearchEditFields } from './search-edit-form';

const base = zodResolver(savedSearchFiltersSchema);

/**
 * The edit form's validation: its typed text read as the filters, checked by the server's own schema (and its
 * messages). A valid form keeps its text values; the page turns them into filters when it saves.
 */
export const searchEditResolver: Resolver<SearchEditFields> = async (values, context, options) => {
  const result = await base(filtersOf(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as never }
    : { values, errors: {} };
};
