import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_VIEWING_ORDER_FEES } from '@shared/domain/viewing-order';
import {
  type AgencySettings,
  agencySettingsSchema,
  VIEWING_ORDER_FEE_MESSAGES,
} from '@shared/schemas/settings';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin as heAdmin } from '@web/i18n/admin';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ViewingOrderFields } from './viewing-order-fields';

// The settings page's section of the order sent with a viewing (decisions 0064, 0066): the address option
// with its help text, and the fees checked by the settings' own schema.

const t = heAdmin.settings;
const schema = agencySettingsSchema.pick({
  exactAddressAfterSigning: true,
  viewingOrderBuyerFeePercent: true,
  viewingOrderTenantFeeMonths: true,
});
type Values = Pick<
  AgencySettings,
  'exactAddressAfterSigning' | 'viewingOrderBuyerFeePercent' | 'viewingOrderTenantFeeMonths'
>;

function Harness({ onSave }: { onSave: (values: Values) => void }) {
  const form = useForm<AgencySettings>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      exactAddressAfterSigning: false,
      viewingOrderBuyerFeePercent: DEFAULT_VIEWING_ORDER_FEES.buyerPercent,
      viewingOrderTenantFeeMonths: DEFAULT_VIEWING_ORDER_FEES.tenantMonths,
    },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit((v) => onSave(v as Values))}>
        <ViewingOrderFields />
        <button type="submit">שמירה</button>
      </form>
    </FormProvider>
  );
}

describe('ViewingOrderFields', () => {
  it('offers the address option off by default, explained, and the fees with their defaults', () => {
    render(<Harness onSave={vi.fn()} />);
    expect(screen.getByRole('heading', { name: t.viewingOrder })).toBeInTheDocument();
    const option = screen.getByRole('checkbox', { name: 'כתובת מדויקת רק אחרי חתימה על הזמנת שירותי תיווך' });
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription(t.exactAddressAfterSigningHelp);
    expect(screen.getByRole('spinbutton', { name: t.viewingOrderBuyerFeePercent })).toHaveValue(2);
    expect(screen.getByRole('spinbutton', { name: t.viewingOrderTenantFeeMonths })).toHaveValue(1);
  });

  it('saves the option and fees an admin sets', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: t.exactAddressAfterSigning }));
    const buyer = screen.getByRole('spinbutton', { name: t.viewingOrderBuyerFeePercent });
    await user.clear(buyer);
    await user.type(buyer, '1.75');
    const tenant = screen.getByRole('spinbutton', { name: t.viewingOrderTenantFeeMonths });
    await user.clear(tenant);
    await user.type(tenant, '1.5');
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(onSave).toHaveBeenCalledWith({
      exactAddressAfterSigning: true,
      viewingOrderBuyerFeePercent: 1.75,
      viewingOrderTenantFeeMonths: 1.5,
    });
  });

  it('refuses fees out of range with the Hebrew message on each field', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const user = userEvent.setup();
    const buyer = screen.getByRole('spinbutton', { name: t.viewingOrderBuyerFeePercent });
    await user.clear(buyer);
    await user.type(buyer, '12');
    const tenant = screen.getByRole('spinbutton', { name: t.viewingOrderTenantFeeMonths });
    await user.clear(tenant);
    await user.type(tenant, '1.25');
    await user.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(buyer).toHaveAccessibleDescription(VIEWING_ORDER_FEE_MESSAGES.buyerPercent);
    expect(tenant).toHaveAccessibleDescription(VIEWING_ORDER_FEE_MESSAGES.tenantMonths);
    expect(buyer).toHaveAttribute('aria-invalid', 'true');
  });
});
