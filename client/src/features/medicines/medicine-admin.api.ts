import type * as contract from '@apotheca/contract';
import { api, apiPath, change } from '../../lib/api';

/** The admin's catalogue calls; add and update are multipart (they may carry the image file), so they take FormData. */
const medicineAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    addMedicine: build.mutation<contract.NewMedicineResponse, FormData>(
      change((body) => ({ url: '/medicines/add-medicine', method: 'POST', body }), ['Medicines']),
    ),
    updateMedicine: build.mutation<contract.UpdatedMedicineResponse, contract.IdParams & { body: FormData }>(
      change(
        ({ id, body }) => ({ url: apiPath`/medicines/update-medicine/${id}`, method: 'PATCH', body }),
        ({ id }) => ['Medicines', { type: 'Medicine', id }],
      ),
    ),
    deleteMedicine: build.mutation<contract.DeletedMedicineResponse, string>(
      change(
        (id) => ({ url: apiPath`/medicines/delete-medicine/${id}`, method: 'DELETE' }),
        (id) => ['Medicines', { type: 'Medicine', id }],
      ),
    ),
  }),
});

export const { useAddMedicineMutation, useUpdateMedicineMutation, useDeleteMedicineMutation } = medicineAdminApi;
