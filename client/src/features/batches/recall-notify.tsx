import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { countLabel } from '../../lib/count-label';
import { errorMessage } from '../../lib/error-message';
import { useNotifyRecallMutation, type RecallNotified } from './batches.api';
import { FormAlert } from '../../components/ui/form-alert';

const patients = (count: number) => countLabel(count, 'patient');

/**
 * What a press did: patients mailed now, and those a press before had mailed already (each is mailed
 * once); or, when neither, why no one was mailed: only a dispatched order's patient has the lot.
 */
const notifiedText = ({ notified, alreadyNotified }: RecallNotified) =>
  notified + alreadyNotified === 0
    ? 'No order with this lot has been dispatched: no patient needed a notice.'
    : `${patients(notified)} notified now; ${patients(alreadyNotified)} had been notified already.`;

/** Mails every patient who received units of the recalled lot; pressing again mails nobody twice. */
export function RecallNotify({ batchId }: { batchId: string }) {
  const [notify, { isLoading }] = useNotifyRecallMutation();
  const [result, setResult] = useState<RecallNotified | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const whoId = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        aria-describedby={whoId}
        busy={isLoading}
        onClick={() => {
          setFailure(null);
          notify(batchId)
            .unwrap()
            .then(setResult, (error: unknown) => setFailure(errorMessage(error)));
        }}
      >
        {isLoading ? 'Notifying…' : 'Notify patients'}
      </Button>
      <p id={whoId} className="text-sm text-muted sm:max-w-xs">
        Mails once each patient whose order with this lot was dispatched. Orders on hold have not left the shop.
      </p>
      <p role="status" className="text-sm text-ink">
        {result ? notifiedText(result) : null}
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}
