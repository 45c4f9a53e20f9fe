"""A small FastAPI app for the round-trip test (scripts/fastapi-roundtrip.sh).

Its /openapi.json is imported with `endpoint-gen import`, the generated Swift is compiled with a
driver (driver.swift beside this file) that calls every route, and the answers are checked.
State lives in memory and starts empty with each server.
"""
from typing import List, Optional

from fastapi import FastAPI, File, Form, HTTPException, Query, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel

app = FastAPI(title="Bookshop", version="1.0.0")


class NewBook(BaseModel):
    title: str
    author: str
    year: int
    tags: List[str] = []


class Book(BaseModel):
    id: int
    title: str
    author: str
    year: int
    tags: List[str] = []


class NotFound(BaseModel):
    detail: str


class UploadInfo(BaseModel):
    file_name: str
    content_type: str
    size: int
    note: Optional[str] = None


books: dict = {}


@app.get("/books", response_model=List[Book])
def list_books(author: Optional[str] = None, limit: int = Query(10, ge=1)):
    found = [b for b in books.values() if author is None or b.author == author]
    return found[:limit]


@app.post("/books", response_model=Book, status_code=201)
def create_book(book: NewBook):
    new = Book(id=len(books) + 1, **book.model_dump())
    books[new.id] = new
    return new


@app.get("/books/{book_id}", response_model=Book, responses={404: {"model": NotFound}})
def get_book(book_id: int, include_tags: bool = True):
    book = books.get(book_id)
    if book is None:
        raise HTTPException(status_code=404, detail=f"no book {book_id}")
    return book if include_tags else book.model_copy(update={"tags": []})


@app.put("/books/{book_id}", response_model=Book, responses={404: {"model": NotFound}})
def replace_book(book_id: int, book: NewBook):
    if book_id not in books:
        raise HTTPException(status_code=404, detail=f"no book {book_id}")
    books[book_id] = Book(id=book_id, **book.model_dump())
    return books[book_id]


@app.delete("/books/{book_id}", status_code=204, responses={404: {"model": NotFound}})
def delete_book(book_id: int):
    if books.pop(book_id, None) is None:
        raise HTTPException(status_code=404, detail=f"no book {book_id}")
    return Response(status_code=204)


@app.post("/books/{book_id}/cover", response_model=UploadInfo)
async def upload_cover(book_id: int, file: UploadFile = File(...), note: Optional[str] = Form(None)):
    data = await file.read()
    return UploadInfo(file_name=file.filename or "", content_type=file.content_type or "", size=len(data), note=note)


@app.post("/attachments", response_model=List[UploadInfo])
async def upload_attachments(files: List[UploadFile] = File(...)):
    infos = []
    for file in files:
        data = await file.read()
        infos.append(UploadInfo(file_name=file.filename or "", content_type=file.content_type or "", size=len(data)))
    return infos


@app.get("/books/{book_id}/export", response_class=Response,
         responses={200: {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}})
def export_book(book_id: int):
    book = books.get(book_id)
    if book is None:
        raise HTTPException(status_code=404, detail=f"no book {book_id}")
    body = f"id,title\n{book.id},{book.title}\n"
    return Response(content=body.encode(), media_type="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="book-{book.id}.csv"'})
