import type * as contract from '@apotheca/contract';
import { api, apiPath, change, listQuery } from '../../lib/api';

/** The signed-in patient's address book. */
const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<contract.AddressesResponse, void>(listQuery('/addresses', 'Addresses')),
    createAddress: build.mutation<contract.AddressResponse, contract.NewAddress>(
      change((body) => ({ url: '/addresses', method: 'POST', body }), ['Addresses']),
    ),
    updateAddress: build.mutation<contract.AddressResponse, contract.UpdateAddress & contract.IdParams>(
      change(({ id, ...body }) => ({ url: apiPath`/addresses/${id}`, method: 'PATCH', body }), ['Addresses']),
    ),
    deleteAddress: build.mutation<contract.MessageResponse, string>(
      change((id) => ({ url: apiPath`/addresses/${id}`, method: 'DELETE' }), ['Addresses']),
    ),
  }),
});

export const { useListAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } =
  addressesApi;
