import { zodResolver } from '@hookform/resolvers/zod';
import { addBatchSchema } from '@apotheca/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { fieldBinding, showServerFieldErrors } from '../../lib/field-binding';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAddBatchMutation, type AddBatch } from './batches.api';
import { FormAlert } from '../../components/ui/form-alert';

/** A delivery of the medicine: its lot, expiry date and units, checked with the contract's rules as the server checks them. */
export function AddBatchForm({ medicineId }: { medicineId: string }) {
  const [addBatch, { isLoading }] = useAddBatchMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddBatch, unknown, z.output<typeof addBatchSchema>>({
    resolver: zodResolver(addBatchSchema),
    defaultValues: { lot: '', expiresOn: '', quantity: '' },
  });
  const field = fieldBinding(register, errors);
  return (
    <form
      noValidate
      aria-label="Add a batch"
      className="grid gap-3 sm:grid-cols-[1fr_11rem_8rem_auto] sm:items-start"
      onSubmit={(event) =>
        void handleSubmit(async (body) => {
          setFailure(null);
          try {
            await addBatch({ medicineId, body }).unwrap();
            toast.success(`Lot ${body.lot} added`);
            reset();
          } catch (error) {
            showServerFieldErrors(error, setError);
            setFailure(errorMessage(error));
          }
        })(event)
      }
    >
      <TextField label="Lot number" autoComplete="off" {...field('lot')} />
      <TextField label="Expiry date" type="date" {...field('expiresOn')} />
      <TextField label="Quantity" inputMode="numeric" {...field('quantity')} />
      <Button type="submit" busy={isLoading} className="sm:mt-6">
        {isLoading ? 'Adding…' : 'Add batch'}
      </Button>
      {failure ? <FormAlert className="sm:col-span-4">{failure}</FormAlert> : null}
    </form>
  );
}
