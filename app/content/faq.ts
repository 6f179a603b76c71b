/** Contact page FAQ (spec §2 "Contact"): one item open at a time. */
export const FAQ = [
  {
    question: 'Do I need an appointment for an estimate?',
    answer:
      'Appointments get you in and out fastest, but walk-ins are welcome during business hours. Most estimates take 15 to 30 minutes.',
  },
  {
    question: 'Will you work with my insurance company?',
    answer:
      'Yes. We work with every insurance company. You have the right to choose your repair shop, and we handle the paperwork and any supplements with your insurer.',
  },
  {
    question: 'How long will my repair take?',
    answer:
      'It depends on the damage and on parts. We give you an estimated completion date with your estimate, and you can follow every step in the customer portal.',
  },
  {
    question: 'Can you match my paint exactly?',
    answer:
      'Yes. We use computerized colour matching and blend the new paint into the surrounding panels so the repair is invisible.',
  },
  {
    question: 'Do you offer financing?',
    answer: 'Yes. Our financing partner offers approval up to $5,000 with no hard credit check. See our Financing page.',
  },
] as const;
