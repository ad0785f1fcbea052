export default {
  content: ['./src/web/**/*.{ts,tsx,html}'],
  theme: { extend: { colors: { primary: '#1890FF' } } },
};
