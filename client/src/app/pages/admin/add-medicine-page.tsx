import { useAddMedicineMutation } from '../../../features/medicines/medicine-admin.api';
import { MedicineForm } from '../../../features/medicines/medicine-form';
import { AdminPageHeader } from './admin-page-header';

export default function AddMedicinePage() {
  const [addMedicine] = useAddMedicineMutation();
  return (
    <section>
      <AdminPageHeader title="Add Medicine" />
      <MedicineForm variant="add" save={(body) => addMedicine(body).unwrap()} />
    </section>
  );
}
