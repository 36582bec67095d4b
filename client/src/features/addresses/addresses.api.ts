import type { Address, NewAddress, UpdateAddress } from '@apotheca/contract';
import { api } from '../../lib/api';

/** The signed-in patient's address book. */
export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<{ addresses: Address[] }, void>({
      query: () => '/addresses',
      providesTags: ['Addresses'],
    }),
    createAddress: build.mutation<{ address: Address }, NewAddress>({
      query: (body) => ({ url: '/addresses', method: 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    updateAddress: build.mutation<{ address: Address }, UpdateAddress & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/addresses/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const { useListAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;
