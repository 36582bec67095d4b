import { useSession } from '../../session.hook';
import { adminMedicineUpdatePath, medicinePath, ROLE, type ReportBatch } from '@apotheca/contract';
import { useState } from 'react';
import {
  BatchChangeDialog,
  type BatchChange,
  type BatchChangeValues,
} from '../../../features/batches/batch-change-dialog';
import { useWriteOffBatchMutation } from '../../../features/batches/batches.api';
import { ExpiryReport } from '../../../features/reports/expiry-report';
import { LowStockReport } from '../../../features/reports/low-stock-report';
import { toast } from '../../../lib/toast';
import { AdminPageHeader } from './admin-page-header';

/**
 * /admin/reports: what expires soon, what has expired and what runs low, for staff. Only an admin
 * writes stock off and sets reorder levels; each medicine links to the page its reader may open
 * (the admin's edit page, or for a pharmacist the shop's page).
 */
export default function StockReportsPage() {
  const { user } = useSession();
  const isAdmin = user?.role === ROLE.admin;
  const medicineHref = isAdmin ? adminMedicineUpdatePath : medicinePath;
  // A write-off is the batch change of the medicine page, asked for from the expired list.
  const [writingOff, setWritingOff] = useState<ReportBatch | null>(null);
  const [writeOffBatch] = useWriteOffBatchMutation();
  const change: BatchChange | null = writingOff
    ? { kind: 'writeOff', batch: writingOff, medicineName: writingOff.medicine.name }
    : null;
  const writeOff = async (_change: BatchChange, { reason }: BatchChangeValues) => {
    if (!writingOff) return;
    const { _id, lot, medicine } = writingOff;
    await writeOffBatch({ medicineId: medicine._id, batchId: _id, reason }).unwrap();
    toast.success(`Lot ${lot} of ${medicine.name} written off.`);
  };
  return (
    <>
      {/* Outside the reports' column: the header's own margin is its gap, as on every admin screen. */}
      <AdminPageHeader title="Stock reports" subtitle="Expiry dates and stock levels, from the batches on hand." />
      <div className="flex flex-col gap-8">
        <ExpiryReport onWriteOff={isAdmin ? setWritingOff : undefined} medicineHref={medicineHref} />
        <LowStockReport canEdit={isAdmin} medicineHref={medicineHref} />
        <BatchChangeDialog change={change} onSubmit={writeOff} onClose={() => setWritingOff(null)} />
      </div>
    </>
  );
}
