import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { readToken } from './auth-storage';

/**
 * The one API client: every call goes to /api with the bearer token read from browser storage
 * (SPEC.md §6). Features add their endpoints with `api.injectEndpoints`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers) => {
      const token = readToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: ['Me', 'Users', 'Medicines', 'Medicine', 'Cart', 'Orders', 'Order'],
  endpoints: () => ({}),
});
