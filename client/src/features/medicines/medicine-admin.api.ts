import type {
  DeletedMedicineResponse,
  IdParams,
  NewMedicineResponse,
  UpdatedMedicineResponse,
} from '@apotheca/contract';
import { api } from '../../lib/api';

/** The admin's catalogue calls; add and update are multipart (they may carry the image file), so they take FormData. */
const medicineAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    addMedicine: build.mutation<NewMedicineResponse, FormData>({
      query: (body) => ({ url: '/medicines/add-medicine', method: 'POST', body }),
      invalidatesTags: ['Medicines'],
    }),
    updateMedicine: build.mutation<UpdatedMedicineResponse, IdParams & { body: FormData }>({
      query: ({ id, body }) => ({ url: `/medicines/update-medicine/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => ['Medicines', { type: 'Medicine', id }],
    }),
    deleteMedicine: build.mutation<DeletedMedicineResponse, string>({
      query: (id) => ({ url: `/medicines/delete-medicine/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Medicines', { type: 'Medicine', id }],
    }),
  }),
});

export const { useAddMedicineMutation, useUpdateMedicineMutation, useDeleteMedicineMutation } = medicineAdminApi;
