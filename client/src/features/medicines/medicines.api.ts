import type {
  MedicineResponse,
  MedicineListQuery,
  MedicineListResponse,
  MedicineSuggestionsResponse,
  SubstitutesResponse,
} from '@apotheca/contract';
import { api, apiPath } from '../../lib/api';

/** Only truthy filter params are sent: an empty filter means no filter. */
const truthyParams = (query: MedicineListQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => Boolean(value))) as Record<string, string | number>;

export const medicinesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMedicines: build.query<MedicineListResponse, MedicineListQuery | void>({
      query: (query) => ({ url: '/medicines', params: query ? truthyParams(query) : undefined }),
      providesTags: ['Medicines'],
    }),
    getMedicine: build.query<MedicineResponse, string>({
      query: (id) => apiPath`/medicines/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Medicine', id }],
    }),
    /** The header search box's list for what has been typed so far. */
    suggestMedicines: build.query<MedicineSuggestionsResponse, string>({
      query: (q) => ({ url: '/medicines/suggestions', params: { q } }),
      providesTags: ['Medicines'],
    }),
    /** Other medicines of the same ingredient, strength and form, cheapest per unit first. */
    getSubstitutes: build.query<SubstitutesResponse, string>({
      query: (id) => apiPath`/medicines/${id}/substitutes`,
      providesTags: ['Medicines'],
    }),
  }),
});

export const { useListMedicinesQuery, useGetMedicineQuery, useSuggestMedicinesQuery, useGetSubstitutesQuery } =
  medicinesApi;
