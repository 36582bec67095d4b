import type {
  DeletedMedicineResponse,
  IdParams,
  NewMedicineResponse,
  UpdatedMedicineResponse,
} from '@apotheca/contract';
import { api, apiPath, change } from '../../lib/api';

/** The admin's catalogue calls; add and update are multipart (they may carry the image file), so they take FormData. */
const medicineAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    addMedicine: build.mutation<NewMedicineResponse, FormData>(
      change((body) => ({ url: '/medicines/add-medicine', method: 'POST', body }), ['Medicines']),
    ),
    updateMedicine: build.mutation<UpdatedMedicineResponse, IdParams & { body: FormData }>(
      change(
        ({ id, body }) => ({ url: apiPath`/medicines/update-medicine/${id}`, method: 'PATCH', body }),
        ({ id }) => ['Medicines', { type: 'Medicine', id }],
      ),
    ),
    deleteMedicine: build.mutation<DeletedMedicineResponse, string>(
      change(
        (id) => ({ url: apiPath`/medicines/delete-medicine/${id}`, method: 'DELETE' }),
        (id) => ['Medicines', { type: 'Medicine', id }],
      ),
    ),
  }),
});

export const { useAddMedicineMutation, useUpdateMedicineMutation, useDeleteMedicineMutation } = medicineAdminApi;
