import type { MethodName } from '@shared/protocol';
import type { HandlerMap } from '../context';
import { crmHandlers } from '../services/crm/handlers';
import { financeHandlers } from '../services/finance/handlers';
import { productHandlers } from '../services/product/handlers';

/** Every method of the catalog has exactly one handler; the type makes a missing one a compile error. */
export const HANDLERS: HandlerMap<MethodName> = { ...productHandlers, ...financeHandlers, ...crmHandlers };
