import { zodResolver } from '@hookform/resolvers/zod';
import { israelDate } from '@shared/domain/israel-time';
import { createReportContactSchema, REPORT_MESSAGES } from '@shared/schemas/report-contact';
import { Button } from '@web/components/button';
import { FormField } from '@web/components/form-field';
import { NumberField } from '@web/components/number-field';
import { SelectField } from '@web/components/select-field';
import { TextAreaField } from '@web/components/text-area-field';
import { reports as heReports } from '@web/i18n/reports';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAgentProperties, useCreateReport } from './api';

const t = heReports;

/** The server's rules, with the property picked by id (the address is looked up from the agent's list). */
const formSchema = createReportContactSchema
  .omit({ exclusiveProperty: true, agent: true, propertyId: true })
  .extend({ propertyId: z.string().min(1, { error: REPORT_MESSAGES.propertyRequired }) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const defaults = (): FormInput => ({
  clientName: '',
  propertyId: '',
  visits: '0',
  views: '0',
  inquiries: '0',
  statusDate: israelDate(),
  note: '',
});

/** The weekly report of one agent: resets to its defaults after a successful send (SPEC section 4). */
export function ReportForm({ agentId }: { agentId: string }) {
  const properties = useAgentProperties(agentId);
  const create = useCreateReport();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(),
  });

  const onSubmit = handleSubmit(({ propertyId, ...values }) => {
    const property = properties.data?.find((p) => p._id === propertyId);
    if (!property) return;
    create.mutate(
      { ...values, propertyId, exclusiveProperty: property.address, agent: agentId },
      {
        onSuccess: () => {
          toast.success(t.created);
          reset(defaults());
        },
        onError: (err) => {
          if (isSessionEnd(err)) return;
          toast.error(t.createFailed);
          if (!(err instanceof ApiError)) return;
          for (const [field, message] of Object.entries(err.fieldErrors)) {
            const name = field === 'exclusiveProperty' ? 'propertyId' : field;
            if (name in defaults()) setError(name as keyof FormInput, { message });
          }
        },
      },
    );
  });

  const count = (name: 'visits' | 'views' | 'inquiries') => (
    <NumberField
      label={t[name]}
      integer
      max={10_000}
      step={1}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2"
    >
      <h2 className="text-xl font-bold text-brand-900 sm:col-span-2">{t.formTitle}</h2>
      <FormField
        label={t.clientName}
        autoComplete="off"
        error={errors.clientName?.message}
        {...register('clientName')}
      />
      <SelectField
        label={t.property}
        error={errors.propertyId?.message ?? (properties.isError ? t.propertiesFailed : undefined)}
        disabled={!properties.data}
        {...register('propertyId')}
      >
        <option value="">{properties.data?.length === 0 ? t.noProperties : t.chooseProperty}</option>
        {properties.data?.map((p) => (
          <option key={p._id} value={p._id}>
            {p.address}, {p.city}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-3 gap-3 sm:col-span-2">
        {count('visits')}
        {count('views')}
        {count('inquiries')}
      </div>
      <FormField
        label={t.statusDate}
        type="date"
        max={israelDate()}
        error={errors.statusDate?.message}
        {...register('statusDate')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t.note}
          rows={3}
          maxLength={2000}
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
