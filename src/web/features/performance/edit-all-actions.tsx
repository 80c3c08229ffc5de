import { Button } from '@web/components/button';
import { performance as hePerformance } from '@web/i18n/performance';
import { type RefObject, useEffect, useRef } from 'react';
import type { useEditAll } from './use-edit-all';

const t = hePerformance.personal;
type EditAll = ReturnType<typeof useEditAll>;

/**
 * Where the focus goes when 'edit all' starts and ends: into the first field of the edited tables, then back
 * to the 'edit all' button once saved or cancelled (the buttons that had it are gone by then).
 */
export function useEditAllFocus(editing: boolean) {
  const editAllRef = useRef<HTMLButtonElement>(null);
  const editAreaRef = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing && !wasEditing.current) editAreaRef.current?.querySelector('input')?.focus();
    if (!editing && wasEditing.current) editAllRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return { editAllRef, editAreaRef };
}

/** Save and cancel of 'edit all' (above the tables and again below them, so a phone reaches one either way). */
export function SaveOrCancel({ edit, label }: { edit: EditAll; label: string }) {
  return (
    <fieldset aria-label={label} className="m-0 flex min-w-0 flex-wrap gap-3 border-0 p-0">
      <Button onClick={edit.save} disabled={edit.saving}>
        {t.save}
      </Button>
      <Button variant="secondary" onClick={edit.cancel} disabled={edit.saving}>
        {t.cancel}
      </Button>
    </fieldset>
  );
}

/** The 'edit all' button, or save and cancel while editing. */
export function EditAllBar({
  edit,
  canStart,
  editAllRef,
}: {
  edit: EditAll;
  canStart: boolean;
  editAllRef: RefObject<HTMLButtonElement | null>;
}) {
  if (edit.editing) return <SaveOrCancel edit={edit} label={t.editActionsTop} />;
  return (
    <div>
      <Button ref={editAllRef} variant="secondary" onClick={edit.start} disabled={!canStart}>
        {t.editAll}
      </Button>
    </div>
  );
}
