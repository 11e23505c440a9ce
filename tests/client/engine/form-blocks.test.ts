import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { blockOfPath, splitIntoBlocks } from '../../../src/client/engine/form-blocks';

const leaf = (index: number): ISchema => ({ type: 'string', 'x-index': index, 'x-decorator': 'FormItem', 'x-component': 'Input' });

function longForm(fields: number): ISchema {
  return { type: 'object', properties: Object.fromEntries(Array.from({ length: fields }, (_, i) => [`f${i}`, leaf(i)])) };
}

describe('splitIntoBlocks', () => {
  it('leaves a short form whole: one block, not windowed', () => {
    const blocks = splitIntoBlocks(longForm(30));
    expect(blocks.windowed).toBe(false);
    expect(blocks.blocks).toHaveLength(1);
    expect(blocks.blocks[0]?.keys).toHaveLength(30);
  });

  it('splits a long form into blocks of about BLOCK_CONTROLS controls, in x-index order', () => {
    const shuffled = longForm(130);
    // Declared backwards: the order is x-index's, as Formily renders it.
    shuffled.properties = Object.fromEntries(Object.entries(shuffled.properties as Record<string, ISchema>).reverse());
    const blocks = splitIntoBlocks(shuffled, { blockControls: 24, firstBlockControls: 12 });
    expect(blocks.windowed).toBe(true);
    // The first block is about a screen: it is the one mounted with the form.
    expect(blocks.blocks.map((block) => block.keys.length)).toEqual([12, 24, 24, 24, 24, 22]);
    expect(blocks.blocks.flatMap((block) => block.keys)).toEqual(Array.from({ length: 130 }, (_, i) => `f${i}`));
    expect(blocks.blocks[1]?.estimatedHeight).toBeGreaterThan(24 * 50);
  });

  it("counts a table's cells from its rows and keeps it whole in one block", () => {
    const table: ISchema = {
      type: 'array',
      'x-index': 5,
      'x-decorator': 'FormItem',
      'x-component': 'ArrayTable',
      items: {
        type: 'object',
        properties: { c1: { type: 'void', properties: { name: leaf(0) } }, c2: { type: 'void', properties: { amount: leaf(1) } } },
      },
    };
    const form = longForm(5);
    (form.properties as Record<string, ISchema>)['team'] = table;
    expect(splitIntoBlocks(form, { rowsOf: () => 0 }).windowed).toBe(false);
    const blocks = splitIntoBlocks(form, { rowsOf: (path) => (path === 'team' ? 100 : 0), blockControls: 24, firstBlockControls: 24 });
    expect(blocks.windowed).toBe(true);
    expect(blocks.blocks.map((block) => block.keys)).toEqual([['f0', 'f1', 'f2', 'f3', 'f4'], ['team']]);
    expect(blocks.blocks[1]?.controls).toBe(201);
  });

  it("looks through a host's plain wrapper (a step's key) and renders at its path", () => {
    const stepped: ISchema = { type: 'object', properties: { company: { type: 'object', properties: longForm(130).properties } } };
    const blocks = splitIntoBlocks(stepped);
    expect(blocks.basePath).toBe('company');
    expect(blocks.windowed).toBe(true);
    expect(blockOfPath(blocks, 'company.f129')?.index).toBe(blocks.blocks.length - 1);
    expect(blockOfPath(blocks, 'company.f0')?.index).toBe(0);
    expect(blockOfPath(blocks, 'other.f0')).toBeUndefined();
  });

  it('marks each FormItem with its path, through nested objects but not into array rows', () => {
    const form: ISchema = {
      type: 'object',
      properties: {
        contact: { type: 'object', 'x-index': 0, properties: { phone: leaf(0) } },
        name: leaf(1),
      },
    };
    const [block] = splitIntoBlocks(form).blocks;
    const properties = block?.schema.properties as Record<string, ISchema>;
    expect(properties['name']?.['x-decorator-props']).toEqual({ 'data-kc-field': 'name' });
    expect((properties['contact']?.properties as Record<string, ISchema>)['phone']?.['x-decorator-props']).toEqual({
      'data-kc-field': 'contact.phone',
    });
  });
});
