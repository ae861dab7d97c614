/**
 * Countries offered for customers and merchants: the GCC first (Kuwait leading), then the
 * countries most customers and staff in Kuwait come from. Dial codes without the "+".
 */
export interface Country {
  code: string;
  name: string;
  name_ar: string;
  dial_code: string;
}

export const COUNTRIES: Country[] = [
  { code: 'KW', name: 'Kuwait', name_ar: 'الكويت', dial_code: '965' },
  { code: 'SA', name: 'Saudi Arabia', name_ar: 'المملكة العربية السعودية', dial_code: '966' },
  { code: 'AE', name: 'United Arab Emirates', name_ar: 'الإمارات العربية المتحدة', dial_code: '971' },
  { code: 'QA', name: 'Qatar', name_ar: 'قطر', dial_code: '974' },
  { code: 'BH', name: 'Bahrain', name_ar: 'البحرين', dial_code: '973' },
  { code: 'OM', name: 'Oman', name_ar: 'عُمان', dial_code: '968' },
  { code: 'EG', name: 'Egypt', name_ar: 'مصر', dial_code: '20' },
  { code: 'JO', name: 'Jordan', name_ar: 'الأردن', dial_code: '962' },
  { code: 'LB', name: 'Lebanon', name_ar: 'لبنان', dial_code: '961' },
  { code: 'SY', name: 'Syria', name_ar: 'سوريا', dial_code: '963' },
  { code: 'IQ', name: 'Iraq', name_ar: 'العراق', dial_code: '964' },
  { code: 'YE', name: 'Yemen', name_ar: 'اليمن', dial_code: '967' },
  { code: 'PS', name: 'Palestine', name_ar: 'فلسطين', dial_code: '970' },
  { code: 'SD', name: 'Sudan', name_ar: 'السودان', dial_code: '249' },
  { code: 'MA', name: 'Morocco', name_ar: 'المغرب', dial_code: '212' },
  { code: 'TN', name: 'Tunisia', name_ar: 'تونس', dial_code: '216' },
  { code: 'TR', name: 'Türkiye', name_ar: 'تركيا', dial_code: '90' },
  { code: 'IR', name: 'Iran', name_ar: 'إيران', dial_code: '98' },
  { code: 'IN', name: 'India', name_ar: 'الهند', dial_code: '91' },
  { code: 'PK', name: 'Pakistan', name_ar: 'باكستان', dial_code: '92' },
  { code: 'BD', name: 'Bangladesh', name_ar: 'بنغلاديش', dial_code: '880' },
  { code: 'LK', name: 'Sri Lanka', name_ar: 'سريلانكا', dial_code: '94' },
  { code: 'NP', name: 'Nepal', name_ar: 'نيبال', dial_code: '977' },
  { code: 'PH', name: 'Philippines', name_ar: 'الفلبين', dial_code: '63' },
  { code: 'GB', name: 'United Kingdom', name_ar: 'المملكة المتحدة', dial_code: '44' },
  { code: 'US', name: 'United States', name_ar: 'الولايات المتحدة', dial_code: '1' },
];
