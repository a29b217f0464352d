import jsonLogic from 'json-logic-js';
import type { ContactRow } from '@domain/api/contacts';
import type { WidgetData } from '@domain/api/contact-work';
import type { Widget } from '@domain/generated/workspace';
import type { JsonLogicRule } from '@domain/permissions';

/** Computes a widget's data for a contact (spec 2 §2.8). Never throws: a failure is data with `_isFailed`. */
export interface WidgetEngine {
  compute(widget: Widget, contact: ContactRow): Promise<WidgetData>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const LITERAL = 'widget_literal';
jsonLogic.add_operation(LITERAL, (json: string) => JSON.parse(json) as unknown);

const isOperation = (name: string): boolean => {
  try {
    jsonLogic.apply({ [name]: [] } as jsonLogic.RulesLogic);
    return true;
  } catch (error) {
    return !String((error as Error).message).startsWith('Unrecognized operation');
  }
};

/**
 * json-logic reads every one-key object as an operation, so a result such as `{ "_isValid": false }` in a branch
 * would fail. Such objects whose key is no operation are data: they are wrapped so they come back as written.
 */
function literalize(rule: unknown): unknown {
  if (Array.isArray(rule)) return rule.map(literalize);
  if (!isPlainObject(rule)) return rule;
  const keys = Object.keys(rule);
  if (keys.length !== 1) return rule;
  if (!isOperation(keys[0])) return { [LITERAL]: [JSON.stringify(rule)] };
  return { [keys[0]]: literalize(rule[keys[0]]) };
}

const prepared = new WeakMap<object, unknown>();
function prepare(logic: JsonLogicRule): unknown {
  if (!isPlainObject(logic)) return logic;
  let rule = prepared.get(logic);
  if (rule === undefined) {
    rule = literalize(logic);
    prepared.set(logic, rule);
  }
  return rule;
}

/**
 * The embedded default: the widget's `logic` (json-logic) evaluated over the contact (`inputs.x`, `outputs.x`, `state`,
 * `outcome`, `priority`, ...). An object result is the data (`_isValid` true unless it says otherwise); a boolean is
 * `_isValid`; anything else is `{ value }`.
 */
export function jsonLogicWidgetEngine(): WidgetEngine {
  return {
    async compute(widget, contact) {
      if (widget.logic === undefined) return { _isFailed: true, error: `Widget '${widget.id}' has no logic configured` };
      try {
        const result: unknown = jsonLogic.apply(prepare(widget.logic) as jsonLogic.RulesLogic, contact as unknown as Record<string, unknown>);
        if (isPlainObject(result)) return { _isValid: true, ...result } as WidgetData;
        if (typeof result === 'boolean') return { _isValid: result };
        return { _isValid: true, value: result };
      } catch (error) {
        return { _isFailed: true, error: (error as Error).message };
      }
    },
  };
}
