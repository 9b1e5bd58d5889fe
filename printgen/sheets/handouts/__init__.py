"""The kit's text documents as accessible web pages (html/ beside the PDFs): the same template, the
same words and the same traced numbers as the printed document, laid out as headings, lists and
tables instead of panels, and every picture given as words or a table."""
