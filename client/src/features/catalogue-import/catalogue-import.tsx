import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ROW_ERROR_KEY, type ImportReport } from '@apotheca/contract';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cellClasses, DataTable, WrappingText } from '../../components/ui/data-table';
import { TextField } from '../../components/ui/text-field';
import { countLabel } from '../../lib/count-label';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useImportCatalogueMutation } from './catalogue-import.api';
import { FormAlert } from '../../components/ui/form-alert';

const REFUSED_COLUMNS = [{ label: 'Row', align: 'right' }, { label: 'Column' }, { label: 'Message' }] as const;

/** "2 created, 1 updated, 5 unchanged": what an import did, or in a dry run would do. */
const summary = ({ created, updated, unchanged }: ImportReport) =>
  `${created} created, ${updated} updated, ${unchanged} unchanged`;

/** A column's name with a line break allowed before each capital that starts a word of it. */
const camelCaseWords = (name: string) =>
  name.split(/(?=[A-Z])/).map((word, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {word}
    </Fragment>
  ));

/** Each refused row's messages, one line a column, in the order of the file. */
function RefusedRows({ refused }: { refused: ImportReport['refused'] }) {
  return (
    <DataTable caption="Refused rows" columns={REFUSED_COLUMNS}>
      {refused.flatMap(({ row, errors }) =>
        Object.entries(errors).map(([column, message]) => (
          <tr key={`${row}-${column}`}>
            <td className={cellClasses('right')}>{row}</td>
            {/*
              A column's name and a message wrap, so a phone shows the three columns whole in the table's frame.
              A name ("prescriptionRequired") stays whole and the message wraps between its words instead.
              Under 360 px the two do not fit side by side: there the name may break where its camel case
              starts a word ("prescription" above "Required"), never inside one, so the message keeps room
              for its own words. The names are the file's known columns, none longer than that one.
            */}
            <td className={cellClasses()}>
              <span className="block whitespace-nowrap max-[360px]:whitespace-normal">
                {column === ROW_ERROR_KEY ? 'The whole row' : camelCaseWords(column)}
              </span>
            </td>
            <td className={cellClasses()}>
              <WrappingText>{message}</WrappingText>
            </td>
          </tr>
        )),
      )}
    </DataTable>
  );
}

/**
 * The import of a catalogue CSV in steps: the chosen file is checked first (a dry run, nothing
 * written); its report lists the rows the server refuses with their messages; only a file with none
 * can then be imported, all of it at once, and the result says what changed.
 */
export function CatalogueImport() {
  const [importCatalogue, { isLoading }] = useImportCatalogueMutation();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [imported, setImported] = useState<ImportReport | null>(null);
  // The server's message, and for a real run it refused, its messages by row number (its `errors` keys).
  const [failure, setFailure] = useState<{ message: string; rows: [string, string][] } | null>(null);
  // The Import button leaves with the check it belonged to: the keyboard goes on to what the import did.
  const importedHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (imported) importedHeading.current?.focus();
  }, [imported]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const report = await importCatalogue({ file, dryRun }).unwrap();
      if (dryRun) setChecked(report);
      else {
        setChecked(null);
        setImported(report);
      }
    } catch (error) {
      // A real run can refuse rows its check passed (an image host that stopped answering, the
      // catalogue changed meanwhile): the rows are named, and the file must be checked again.
      if (!dryRun) setChecked(null);
      setFailure({
        message: errorMessage(error),
        rows: Object.entries(fieldErrors(error)).filter(([row]) => /^\d+$/.test(row)),
      });
    }
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={check} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <TextField
          label="CSV file"
          type="file"
          name="file"
          accept=".csv,text/csv"
          hint={`UTF-8, with , or ; between cells; at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} medicines. The columns are named as an export names them.`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setChecked(null);
            setImported(null);
            setFailure(null);
          }}
        />
        <div>
          <Button type="submit" disabled={!file} busy={isLoading}>
            Check the file
          </Button>
        </div>
      </form>

      {failure ? (
        <FormAlert>
          {failure.message}
          {failure.rows.map(([row, message]) => (
            <span key={row} className="mt-1 block">
              Row {row}: {message}
            </span>
          ))}
        </FormAlert>
      ) : null}

      {checked ? (
        <section aria-labelledby="import-check-heading" className="flex flex-col gap-3">
          <h2 id="import-check-heading" className="text-lg font-semibold text-ink">
            What the import would do
          </h2>
          <p role="status" className="text-sm text-ink">
            {summary(checked)}, {countLabel(checked.refused.length, 'row')} refused. Nothing has been written yet.
          </p>
          {checked.refused.length > 0 ? (
            <>
              <p className="text-sm text-muted">
                Nothing can be imported while a row is refused: fix these rows in the file, choose it again and check
                it.
              </p>
              <RefusedRows refused={checked.refused} />
            </>
          ) : (
            <div>
              <Button onClick={() => void run(false)} busy={isLoading}>
                Import the file
              </Button>
            </div>
          )}
        </section>
      ) : null}

      {imported ? (
        <section aria-labelledby="import-result-heading" className="flex flex-col gap-2">
          <h2 id="import-result-heading" ref={importedHeading} tabIndex={-1} className="text-lg font-semibold text-ink">
            Imported
          </h2>
          <p role="status" className="text-sm text-ink">
            {summary(imported)}.
          </p>
        </section>
      ) : null}
    </div>
  );
}
