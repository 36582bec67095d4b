import type {
  AddressResponse,
  AddressesResponse,
  IdParams,
  MessageResponse,
  NewAddress,
  UpdateAddress,
} from '@apotheca/contract';
import { api, listQuery } from '../../lib/api';

/** The signed-in patient's address book. */
const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<AddressesResponse, void>(listQuery('/addresses', 'Addresses')),
    createAddress: build.mutation<AddressResponse, NewAddress>({
      query: (body) => ({ url: '/addresses', method: 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    updateAddress: build.mutation<AddressResponse, UpdateAddress & IdParams>({
      query: ({ id, ...body }) => ({ url: `/addresses/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const { useListAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;
