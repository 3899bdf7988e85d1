import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addStem, setQuantity } from '../selection';
import { BouquetPreview, MAX_HEADS, headColors } from './BouquetPreview';

const rose = { id: 10, name: 'Rose', final_price: 25 };
const tulip = { id: 11, name: 'Tulipe', final_price: 15 };
const red = { id: 1, name: 'Rouge', hex_code: '#C0392B' };
const white = { id: 2, name: 'Blanc', hex_code: '#FFFFFF' };

describe('bouquet preview', () => {
  it('has a text alternative listing the stems, and one head per stem in its colour', () => {
    const lines = setQuantity(addStem(addStem([], rose, red), tulip, white), '10-1', 3);
    lines[1] = { ...lines[1]!, quantity: 2 };
    const { container } = render(<BouquetPreview lines={lines} />);
    expect(screen.getByRole('img', { name: 'Bouquet de 5 tiges\u00a0: 3 × Rose (Rouge), 2 × Tulipe (Blanc)' })).toBeInTheDocument();
    expect(container.querySelectorAll('.bouquet-head')).toHaveLength(5);
    expect(headColors(lines)).toEqual(['#C0392B', '#FFFFFF', '#C0392B', '#FFFFFF', '#C0392B']);
  });

  it('caps the drawn heads and shows +n', () => {
    const lines = setQuantity(addStem([], rose, red), '10-1', 30);
    const { container } = render(<BouquetPreview lines={lines} />);
    expect(container.querySelectorAll('.bouquet-head')).toHaveLength(MAX_HEADS);
    expect(screen.getByText(`+${30 - MAX_HEADS}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Bouquet de 30 tiges/ })).toBeInTheDocument();
  });

  it('says when the bouquet is empty', () => {
    render(<BouquetPreview lines={[]} />);
    expect(screen.getByRole('img', { name: 'Votre bouquet apparaîtra ici au fil de vos choix.' })).toBeInTheDocument();
  });
});
