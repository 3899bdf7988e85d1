import { useTranslation } from 'react-i18next';
import type { Role } from '@shared/constants';
import { cn } from '@web/components/ui/cn';

const tone: Record<Role, string> = {
  super_admin: 'bg-violet-100 text-violet-900',
  admin: 'bg-sky-100 text-sky-900',
  customer: 'bg-sand text-ink',
  driver: 'bg-amber-100 text-amber-900',
};

/** Role label of the customers list: Super Admin, Admin, Customer (text, not colour alone). */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('admin-people');
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', tone[role])}>{t(`roles.${role}`)}</span>;
}
