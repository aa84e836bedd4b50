/*
 * io_mapping_map_local_wc() and io_mapping_map_atomic_wc() map through
 * the kmap_local stack where the architecture has atomic iomaps (x86-32:
 * __iomap_local_pfn_prot()), and io_mapping_unmap_local() /
 * io_mapping_unmap_atomic() pop it: they nest with kmap_local_page() as
 * the relocation copy of a GPU driver does.
 */
void reloc_bad(struct io_mapping *iomap, struct page *page, unsigned long off)
{
	void __iomem *io;
	void *vaddr;

	vaddr = kmap_local_page(page);
	io = io_mapping_map_atomic_wc(iomap, off);
	memcpy_toio(io, vaddr, 64);
	kunmap_local(vaddr);
	io_mapping_unmap_atomic(io);
}

void reloc_ok(struct io_mapping *iomap, struct page *page, unsigned long off)
{
	void __iomem *io;
	void *vaddr;

	vaddr = kmap_local_page(page);
	io = io_mapping_map_local_wc(iomap, off);
	memcpy_toio(io, vaddr, 64);
	io_mapping_unmap_local(io);
	kunmap_local(vaddr);
}

void io_first_bad(struct io_mapping *iomap, struct bio_vec *bv, unsigned long off)
{
	void __iomem *io;
	void *vaddr;

	io = io_mapping_map_local_wc(iomap, off);
	vaddr = bvec_kmap_local(bv);
	memcpy_fromio(vaddr, io, 64);
	io_mapping_unmap_local(io);
	kunmap_local(vaddr);
}
