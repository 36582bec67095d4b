import type * as contract from '@apotheca/contract';
import { api, apiPath, change, medicineStockChanged, pagedListQuery } from '../../lib/api';

/**
 * The admin's catalogue calls; add and update are multipart (they may carry the image file), so they
 * take FormData. Each moves the stock reports: a new medicine starts with its stock and the default
 * reorder level, an edit may set its stock, a deletion takes its batches with it. Each change of the
 * catalogue (an import's too) reads the duplicates report's page again, under the list's tag. An edit
 * may rename a medicine whose recalled lot's page names it.
 */
const medicineAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    medicineDuplicates: build.query<contract.MedicineDuplicatesResponse, contract.MedicineDuplicatesQuery>(
      pagedListQuery('/medicines/duplicates', 'Medicines'),
    ),
    addMedicine: build.mutation<contract.NewMedicineResponse, FormData>(
      change((body) => ({ url: '/medicines/add-medicine', method: 'POST', body }), ['Medicines', 'Reports']),
    ),
    updateMedicine: build.mutation<contract.UpdatedMedicineResponse, contract.IdParams & { body: FormData }>(
      change(
        ({ id, body }) => ({ url: apiPath`/medicines/update-medicine/${id}`, method: 'PATCH', body }),
        ({ id }) => [...medicineStockChanged(id), 'Recall'],
      ),
    ),
    deleteMedicine: build.mutation<contract.DeletedMedicineResponse, string>(
      change(
        (id) => ({ url: apiPath`/medicines/delete-medicine/${id}`, method: 'DELETE' }),
        (id) => medicineStockChanged(id),
      ),
    ),
  }),
});

export const {
  useMedicineDuplicatesQuery,
  useAddMedicineMutation,
  useUpdateMedicineMutation,
  useDeleteMedicineMutation,
} = medicineAdminApi;
