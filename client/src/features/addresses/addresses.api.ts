import type {
  AddressResponse,
  AddressesResponse,
  IdParams,
  MessageResponse,
  NewAddress,
  UpdateAddress,
} from '@apotheca/contract';
import { api, apiPath, change, listQuery } from '../../lib/api';

/** The signed-in patient's address book. */
const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<AddressesResponse, void>(listQuery('/addresses', 'Addresses')),
    createAddress: build.mutation<AddressResponse, NewAddress>(
      change((body) => ({ url: '/addresses', method: 'POST', body }), ['Addresses']),
    ),
    updateAddress: build.mutation<AddressResponse, UpdateAddress & IdParams>(
      change(({ id, ...body }) => ({ url: apiPath`/addresses/${id}`, method: 'PATCH', body }), ['Addresses']),
    ),
    deleteAddress: build.mutation<MessageResponse, string>(
      change((id) => ({ url: apiPath`/addresses/${id}`, method: 'DELETE' }), ['Addresses']),
    ),
  }),
});

export const { useListAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;
